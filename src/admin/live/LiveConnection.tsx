import { useEffect } from 'react';
import { keepLive } from '../providers/liveStream';

/** The live stream, open while this (signed-in) frame is shown. */
export function LiveConnection() {
  useEffect(() => {
    const stop = new AbortController();
    void keepLive(stop.signal);
    return () => stop.abort();
  }, []);
  return null;
}
