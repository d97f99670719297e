import { useCallback, useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { SIGNATURE_PAD } from '@logbook/contracts/view';
import { usePointerKind } from '../lib/usePointerKind';
import { cx } from '../lib/cx';

export interface SignaturePadProps {
  label: string;
  /** Called with a PNG data URL after each stroke, and with null when cleared. */
  onChange: (dataUrl: string | null) => void;
  /** A saved signature to show (a loaded draft). */
  value?: string | null;
  error?: string;
  disabled?: boolean;
}

const { width: WIDTH, height: HEIGHT, lineWidth: LINE_WIDTH, color: INK, background: PAPER } = SIGNATURE_PAD;

export function SignaturePad({ label, onChange, value, error, disabled }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [captured, setCaptured] = useState(Boolean(value));
  const pointerKind = usePointerKind();
  const labelId = useId();
  const statusId = useId();

  const context = useCallback(() => canvasRef.current?.getContext('2d') ?? null, []);

  const paintBlank = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = context();
    if (!canvas || !ctx) return;
    const ratio = typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 1;
    // The bitmap is scaled for the screen so lines stay sharp; drawing code works in CSS pixels.
    canvas.width = Math.round(WIDTH * ratio);
    canvas.height = Math.round(HEIGHT * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = PAPER;
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    ctx.strokeStyle = INK;
    ctx.lineWidth = LINE_WIDTH;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
  }, [context]);

  useEffect(() => {
    paintBlank();
    if (!value) return;
    const img = new Image();
    img.onload = () => context()?.drawImage(img, 0, 0, WIDTH, HEIGHT);
    img.src = value;
    // Only the first value is drawn: later values come from this pad's own strokes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paintBlank]);

  useEffect(() => {
    if (value === null || value === '') setCaptured(false);
  }, [value]);

  const point = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const scaleX = rect.width ? WIDTH / rect.width : 1;
    const scaleY = rect.height ? HEIGHT / rect.height : 1;
    return { x: ((e.clientX ?? 0) - rect.left) * scaleX, y: ((e.clientY ?? 0) - rect.top) * scaleY };
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawing.current = true;
    const p = point(e);
    last.current = p;
    const ctx = context();
    if (ctx) {
      // A dot, so a tap leaves a mark.
      ctx.beginPath();
      ctx.arc(p.x, p.y, LINE_WIDTH / 2, 0, Math.PI * 2);
      ctx.fillStyle = INK;
      ctx.fill();
    }
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    e.preventDefault();
    const p = point(e);
    const ctx = context();
    if (ctx && last.current) {
      ctx.beginPath();
      ctx.moveTo(last.current.x, last.current.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    last.current = p;
  };

  const finish = () => {
    if (!drawing.current) return;
    drawing.current = false;
    last.current = null;
    const canvas = canvasRef.current;
    if (!canvas) return;
    setCaptured(true);
    onChange(canvas.toDataURL('image/png'));
  };

  const clear = () => {
    paintBlank();
    setCaptured(false);
    onChange(null);
  };

  return (
    <div className={cx('ll-signature', error && 'll-signature--invalid', disabled && 'll-signature--disabled')}>
      <div className="ll-signature__top">
        <span id={labelId} className="ll-label">
          {label}
        </span>
        <span id={statusId} className={cx('ll-signature__status', captured && 'is-captured')} aria-live="polite">
          {captured ? 'Signature captured' : 'No signature'}
        </span>
      </div>
      <div className="ll-signature__frame">
        <canvas
          ref={canvasRef}
          className="ll-signature__canvas"
          role="img"
          aria-labelledby={labelId}
          aria-describedby={statusId}
          data-testid="signature-canvas"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={finish}
          onPointerCancel={finish}
          onPointerLeave={finish}
        />
        {!captured && (
          <span className="ll-signature__hint">{pointerKind === 'touch' ? 'Tap to sign' : 'Click to sign'}</span>
        )}
      </div>
      <div className="ll-signature__bottom">
        {error ? (
          <p className="ll-field__error" role="alert">
            {error}
          </p>
        ) : (
          <span />
        )}
        <button type="button" className="ll-btn ll-btn--outline ll-btn--sm" onClick={clear} disabled={disabled}>
          Clear Signature
        </button>
      </div>
    </div>
  );
}
