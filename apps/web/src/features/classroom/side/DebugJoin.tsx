import { useId, useState, type FormEvent } from 'react';
import { useClassroom } from '../classroomContext.ts';
import { DebugJoinText as T } from './debugJoin.ts';

/**
 * SPEC §2's debug join control (`join-room-debug=1`): joins a typed room name as it is. The
 * client does not filter it: the server decides, and answers an unknown room with its own error.
 */
export function DebugJoin() {
  const { requestJoin } = useClassroom();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const room = name.trim();
    if (!room) {
      setError(T.empty);
      return;
    }
    setError(null);
    // Deliberately unchecked: any name reaches the server, which knows the rooms.
    requestJoin(room);
  };

  return (
    <form className="debug-join" aria-label={T.title} onSubmit={handleSubmit}>
      <label htmlFor={fieldId} className="debug-join__label">
        {T.roomName}
      </label>
      <div className="debug-join__row">
        <input
          id={fieldId}
          className="debug-join__input"
          value={name}
          maxLength={64}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="debug-join__button">
          {T.join}
        </button>
      </div>
      {error && (
        <p id={errorId} className="debug-join__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
