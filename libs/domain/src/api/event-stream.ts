/**
 * Reading a text/event-stream (the Server-Sent Events format of the Stations screen's stream,
 * docs/api/stations.md) for clients that have no EventSource: the runner's tests and the bench.
 */
export interface StreamEvent {
  event: string;
  data: string;
}

/** Feeds chunks of the stream in; answers the events each completes. Comments are skipped. */
export class EventStreamReader {
  private pending = '';

  push(chunk: string): StreamEvent[] {
    this.pending += chunk;
    const events: StreamEvent[] = [];
    for (let end = this.pending.indexOf('\n\n'); end >= 0; end = this.pending.indexOf('\n\n')) {
      const block = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
    }
    return events;
  }
}
