import type { Dashboard } from '@atrium/protocol';
import { useId, type ReactNode } from 'react';
import { classLabel, clockTime, roleLabel } from './format.ts';
import { HealthBadge } from './HealthBadge.tsx';
import { LoadProblem } from './LoadProblem.tsx';
import { chainMeaning, DashboardText as T, mediaMeaning } from './texts.ts';
import { useDashboard } from './useDashboard.ts';
import './dashboard.css';

interface TileProps {
  title: string;
  children: ReactNode;
  tone?: 'warning';
}

/** One figure of the campus: its name, then what it is now. */
function Tile({ title, children, tone }: TileProps) {
  return (
    <li className={tone ? `dashboard-tile dashboard-tile--${tone}` : 'dashboard-tile'}>
      <h3 className="dashboard-tile__title">{title}</h3>
      {children}
    </li>
  );
}

function Tiles({ data }: { data: Dashboard }) {
  const { online, calls, media, chain } = data;
  const errors = data.errors_last_hour;
  return (
    <ul className="dashboard-tiles">
      <Tile title={T.online}>
        <p className="dashboard-tile__figure">{T.people(online.members + online.guests)}</p>
        <p className="dashboard-tile__detail">{T.onlineSplit(online.members, online.guests)}</p>
      </Tile>
      <Tile title={T.calls}>
        <p className="dashboard-tile__figure">{T.people(calls.people)}</p>
        <p className="dashboard-tile__detail">{T.callsSplit(calls.rooms)}</p>
      </Tile>
      <Tile title={T.media}>
        <p className="dashboard-tile__figure">
          <HealthBadge state={media.state} />
          <span className="dashboard-tile__aside">{T.janusServers(media.servers)}</span>
        </p>
        <p className="dashboard-tile__detail">{mediaMeaning[media.state]}</p>
      </Tile>
      <Tile title={T.chain}>
        <p className="dashboard-tile__figure">
          <HealthBadge state={chain.state} />
          <span className="dashboard-tile__aside">
            {chain.block === null ? T.noBlock : T.block(chain.block)}
          </span>
        </p>
        <p className="dashboard-tile__detail">{chainMeaning[chain.state]}</p>
      </Tile>
      <Tile title={T.errors} tone={errors > 0 ? 'warning' : undefined}>
        <p className="dashboard-tile__figure">{errors.toLocaleString('en')}</p>
        <p className="dashboard-tile__detail">{T.errorsHint}</p>
      </Tile>
    </ul>
  );
}

function Instances({ instances }: { instances: Dashboard['instances'] }) {
  const titleId = useId();
  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-section__title">
        {T.instances}
      </h3>
      {instances.length === 0 ? (
        <p className="admin-muted">{T.noInstances}</p>
      ) : (
        <div className="dashboard-table">
          <table>
            <caption className="visually-hidden">{T.instances}</caption>
            <thead>
              <tr>
                <th scope="col">{T.world}</th>
                <th scope="col">{T.instance}</th>
                <th scope="col" className="dashboard-table__number">
                  {T.size}
                </th>
              </tr>
            </thead>
            <tbody>
              {instances.map((row) => (
                <tr key={`${row.world}/${row.instance}`}>
                  <th scope="row">{row.world}</th>
                  <td>{row.instance}</td>
                  <td className="dashboard-table__number">{row.size}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Classes({ classes }: { classes: Dashboard['classes'] }) {
  const titleId = useId();
  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <div>
        <h3 id={titleId} className="admin-section__title">
          {T.classes}
        </h3>
        <p className="admin-muted">{T.classesIntro}</p>
      </div>
      {classes.length === 0 ? (
        <p className="admin-muted">{T.noClasses}</p>
      ) : (
        <ul className="dashboard-classes">
          {classes.map((group) => (
            <li key={group.channel} className="dashboard-class">
              <h4 className="dashboard-class__title">
                {classLabel(group.channel)}{' '}
                <span className="admin-muted">({T.people(group.people.length)})</span>
              </h4>
              <ul className="dashboard-class__people">
                {group.people.map((person, i) => (
                  <li key={`${person.name}-${i}`}>
                    <span className="dashboard-class__name">{person.name}</span>{' '}
                    <span className="dashboard-class__role">{roleLabel(person.role)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The dashboard (issue 29): whether the campus is well, read again every 5 s while the tab is
 * shown: people online, calls, the media server and the chain, errors, world instances, classes.
 */
export function DashboardPage() {
  const titleId = useId();
  const dashboard = useDashboard();
  const { data } = dashboard;
  return (
    <div className="admin-stack dashboard">
      <section className="admin-section" aria-labelledby={titleId}>
        <div className="admin-section__head">
          <div>
            <h2 id={titleId} className="admin-section__title">
              {T.title}
            </h2>
            <p className="admin-muted">{T.intro}</p>
          </div>
          {data && (
            <p className="dashboard-updated">
              <time dateTime={data.at}>{T.updated(clockTime(data.at))}</time>
            </p>
          )}
        </div>
        {dashboard.isPending && <p role="status">{T.loading}</p>}
        {dashboard.isError && (
          <LoadProblem
            message={data ? T.refreshFailed : T.loadFailed}
            error={dashboard.error}
            retryLabel={T.retry}
            onRetry={() => dashboard.refetch()}
          />
        )}
        {data && <Tiles data={data} />}
      </section>
      {data && (
        <div className="dashboard-columns">
          <Instances instances={data.instances} />
          <Classes classes={data.classes} />
        </div>
      )}
    </div>
  );
}
