// The dev preview's class record (issue 28 §5), shown by `?record=1`: the view with a made-up
// session, so its table can be looked at on any screen without a server.
import type { ClassRecord, ClassSession } from '@atrium/protocol';
import { useState } from 'react';
import { ClassRecordView } from '../ClassRecordDialog.tsx';

const start = Date.now() - 50 * 60_000;
const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
const session: ClassSession = {
  id: '00000000-0000-4000-8000-000000000001',
  room: 'room-1',
  startedAt: at(0),
  endedAt: at(48),
  people: 4,
};
const record: ClassRecord = {
  session,
  rows: [
    ['Ms Rivera', 'teacher', 0, 48, 0, 2880, 0, []],
    ['Grace Hopper', 'member', 1, 48, 0, 2820, 2, [['Largest planet?', 'Jupiter']]],
    ['Alan Turing', 'member', 3, 41, 2, 2040, 1, [['Largest planet?', 'Saturn']]],
    ['Katherine Johnson', 'member', 5, 48, 0, 2580, 0, [['Largest planet?', null]]],
  ].map(([name, role, joined, left, rejoins, seconds, hands, answers], i) => ({
    userId: `00000000-0000-4000-8000-00000000001${i}`,
    name: name as string,
    role: role as 'teacher' | 'member',
    firstJoinedAt: at(joined as number),
    lastLeftAt: at(left as number),
    rejoins: rejoins as number,
    presentSeconds: seconds as number,
    handsRaised: hands as number,
    pollAnswers: (answers as Array<[string, string | null]>).map(([question, answer]) => ({
      question,
      answer,
    })),
    groupSeconds: role === 'member' ? [{ group: (i % 2) + 1, seconds: 600 }] : [],
  })),
};

export function RecordPreview() {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <ClassRecordView
      room="room-1"
      sessions={[session]}
      record={record}
      sessionId={session.id}
      onPick={() => undefined}
      loading={false}
      error={null}
      downloading={false}
      onDownload={() => undefined}
      onClose={() => setOpen(false)}
    />
  );
}
