import { useEffect, useRef, useState, type RefObject } from 'react';
import { getLabelDetector } from './detector';

export type CameraState =
  | { phase: 'starting' }
  | { phase: 'scanning' }
  | { phase: 'error'; reason: 'denied' | 'noCamera' | 'insecure' | 'other' | 'detector'; detail: string };

/** Time between two looks at the picture: quick enough to feel instant, light on a phone's CPU. */
const FRAME_INTERVAL_MS = 150;

function cameraError(error: unknown): CameraState {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  const detail = error instanceof Error ? error.message : String(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') return { phase: 'error', reason: 'denied', detail };
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return { phase: 'error', reason: 'noCamera', detail };
  return { phase: 'error', reason: 'other', detail };
}

/**
 * Shows the back camera in the returned video element and hands every code it reads to `onCodes`,
 * until unmounted (which stops the camera).
 */
export function useCameraCodes(onCodes: (texts: string[]) => void): { state: CameraState; video: RefObject<HTMLVideoElement | null> } {
  const video = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraState>({ phase: 'starting' });
  const callback = useRef(onCodes);
  useEffect(() => {
    callback.current = onCodes;
  }, [onCodes]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const run = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ phase: 'error', reason: window.isSecureContext ? 'noCamera' : 'insecure', detail: '' });
        return;
      }
      const detecting = getLabelDetector();
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
      } catch (error) {
        if (!stopped) setState(cameraError(error));
        return;
      }
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      let detector;
      try {
        detector = await detecting;
      } catch (error) {
        if (!stopped) setState({ phase: 'error', reason: 'detector', detail: error instanceof Error ? error.message : String(error) });
        return;
      }
      if (stopped) return;
      setState({ phase: 'scanning' });
      const tick = async () => {
        if (stopped) return;
        if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && element.videoWidth > 0) {
          const texts = await detector.detect(element).catch(() => []);
          if (!stopped && texts.length > 0) callback.current(texts);
        }
        if (!stopped) timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    };
    void run();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return { state, video };
}
