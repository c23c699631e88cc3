import { hasNftOffer, type Poster } from '@atrium/protocol';
import { createColumnHelper, type CellContext } from '@tanstack/react-table';
import { RowActions } from '../RowActions.tsx';
import { ContentText as T } from './texts.ts';

/** What the cells need from the page: the row count and the row's actions. */
export interface PosterTableMeta {
  count: number;
  /** A move is under way: the move buttons wait. */
  moving: boolean;
  move: (index: number, step: -1 | 1) => void;
  edit: (poster: Poster) => void;
  remove: (poster: Poster) => void;
}

const metaOf = (c: CellContext<Poster, unknown>) => c.table.options.meta as PosterTableMeta;

/** The poster's place in the order, and the buttons that move it. */
function OrderCell(c: CellContext<Poster, unknown>) {
  const meta = metaOf(c);
  const index = c.row.index;
  const { id, title } = c.row.original;
  const button = (step: -1 | 1) => {
    const atEdge = step < 0 ? index === 0 : index === meta.count - 1;
    return (
      <button
        type="button"
        className="content-move"
        data-move={`${id}:${step}`}
        aria-disabled={atEdge || meta.moving || undefined}
        onClick={() => !atEdge && !meta.moving && meta.move(index, step)}
      >
        <span aria-hidden="true">{step < 0 ? '↑' : '↓'}</span>
        <span className="visually-hidden">
          {step < 0 ? T.moveUpNamed(title) : T.moveDownNamed(title)}
        </span>
      </button>
    );
  };
  return (
    <div className="content-order">
      <span className="content-order__place">{index + 1}</span>
      {button(-1)}
      {button(1)}
    </div>
  );
}

const column = createColumnHelper<Poster>();

export const posterColumns = [
  column.display({ id: 'order', header: T.order, cell: OrderCell }),
  column.accessor('image', {
    header: T.image,
    cell: (c) => <img className="content-thumb" src={c.getValue()} alt="" loading="lazy" />,
  }),
  column.accessor('title', {
    header: T.posterTitle,
    cell: (c) => (
      <div>
        <span className="admin-strong">{c.getValue()}</span>
        {c.row.original.description && (
          <span className="content-excerpt">{c.row.original.description}</span>
        )}
      </div>
    ),
  }),
  column.accessor('print_url', {
    header: T.print,
    cell: (c) => {
      const url = c.getValue();
      return url ? (
        <a href={url} className="content-url" target="_blank" rel="noreferrer noopener">
          {url.replace(/^https?:\/\//, '')}
        </a>
      ) : (
        <span className="admin-muted">–</span>
      );
    },
  }),
  column.display({
    id: 'nft',
    header: T.nft,
    cell: (c) => {
      const { nft_token_id: token, nft_price: price } = c.row.original;
      return hasNftOffer(token, price) ? (
        T.nftOffer(token!, price!)
      ) : (
        <span className="admin-muted">{T.noNft}</span>
      );
    },
  }),
  column.display({
    id: 'actions',
    header: T.actions,
    cell: (c) => {
      const meta = metaOf(c);
      const poster = c.row.original;
      return (
        <RowActions
          name={poster.title}
          actions={[
            { label: T.edit, run: () => meta.edit(poster) },
            { label: T.remove, danger: true, run: () => meta.remove(poster) },
          ]}
        />
      );
    },
  }),
];
