// janode is loaded on first use, not at import: it pulls in a native module (unix-dgram, for its
// Unix-socket transport, unused here) whose build can fail on a machine without a compiler, and
// that must not stop a server that runs without Janus.
import type JanodeDefault from 'janode';
import type { JanusMessage, PluginDescriptor } from 'janode';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';

/** The event a handle emits when a moderator (un)mutes one of a publisher's streams. */
export const MODERATION_EVENT = 'atrium_moderation';

export interface ModerationNotice {
  room: number;
  feed: number;
  mid: string;
  muted: boolean;
}

export interface JanodeModules {
  Janode: typeof JanodeDefault;
  VideoRoom: PluginDescriptor<VideoRoomHandle>;
}

let loading: Promise<JanodeModules> | null = null;

/** janode and its VideoRoom plugin, with a handle that also reports moderation events. */
export function loadJanode(): Promise<JanodeModules> {
  loading ??= load().catch((err: unknown) => {
    loading = null;
    throw new Error(`janode could not be loaded: ${(err as Error).message}`, { cause: err });
  });
  return loading;
}

async function load(): Promise<JanodeModules> {
  const [{ default: Janode }, { default: VideoRoomPlugin }] = await Promise.all([
    import('janode'),
    import('janode/plugins/videoroom'),
  ]);
  // janode prints to the console; the client reports through its own errors and events.
  Janode.Logger.setLevel('none');

  // janode 1.8 does not know VideoRoom's `moderation` notification (1.1.x) and drops it.
  class ModeratedVideoRoomHandle extends VideoRoomPlugin.Handle {
    override handleMessage(message: JanusMessage): unknown {
      const data = message.plugindata?.data;
      if (data?.videoroom === 'event' && typeof data.moderation === 'string') {
        const notice: ModerationNotice = {
          room: Number(data.room),
          feed: Number(data.id),
          mid: String(data.mid),
          muted: data.moderation === 'muted',
        };
        this.emit(MODERATION_EVENT, notice);
        return notice;
      }
      return super.handleMessage(message);
    }
  }
  return { Janode, VideoRoom: { ...VideoRoomPlugin, Handle: ModeratedVideoRoomHandle } };
}
