import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { parseSandboxMessage, type SandboxMessage } from '../lib/sandbox-message';

/**
 * The sandbox processor's card form in an isolated frame: scripts and forms only, never same-origin, so it
 * cannot reach this page. Only messages from that frame's window, marked as the sandbox's, are read; the
 * frame's height follows its content through the `height` attribute (the CSP forbids inline styles).
 */
export function SandboxFrame({
  url,
  title,
  onResult,
}: {
  url: string;
  title: string;
  onResult: (result: { status: NonNullable<SandboxMessage['status']>; failureCode: string | null }) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number>();
  const result = useRef(onResult);
  useEffect(() => {
    result.current = onResult;
  }, [onResult]);

  useLayoutEffect(() => {
    let done = false;
    function onMessage(event: MessageEvent) {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const msg = parseSandboxMessage(event.data);
      if (!msg) return;
      if (msg.height) setHeight(msg.height);
      if (msg.status && !done) {
        done = true;
        result.current({ status: msg.status, failureCode: msg.failureCode });
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <iframe
      ref={frame}
      className="sandbox-frame"
      data-sized={height ? true : undefined}
      sandbox="allow-scripts allow-forms"
      src={url}
      title={title}
      height={height}
      referrerPolicy="no-referrer"
    />
  );
}
