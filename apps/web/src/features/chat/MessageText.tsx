import { linkify } from './linkify.ts';

/** A message as plain text, with its http(s) links clickable in a new tab. */
export function MessageText({ message }: { message: string }) {
  return (
    <p className="chat__text">
      {linkify(message).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
