import { fireEvent, render, screen } from '@testing-library/react';
import { SignaturePad } from '../src/components/SignaturePad';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

// jsdom has no canvas: a recording 2D context stands in for it.
const calls: string[] = [];
const fakeContext = new Proxy(
  {},
  {
    get: (_t, prop: string) =>
      prop in Object.prototype ? undefined : (...args: unknown[]) => calls.push(`${prop}(${args.join(',')})`),
    set: (_t, prop: string, value) => {
      calls.push(`${prop}=${value}`);
      return true;
    },
  },
);

beforeAll(() => {
  jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation(() => fakeContext as unknown as CanvasRenderingContext2D);
  jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => PNG);
});

beforeEach(() => {
  calls.length = 0;
});

function draw(canvas: HTMLElement) {
  fireEvent.pointerDown(canvas, { pointerId: 1, button: 0, clientX: 10, clientY: 20, pointerType: 'mouse' });
  fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 60, clientY: 40, pointerType: 'mouse' });
  fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 120, clientY: 80, pointerType: 'mouse' });
  fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'mouse' });
}

test('starts empty with the desktop hint and a 400x150 white canvas', () => {
  render(<SignaturePad label="Student Signature" onChange={() => {}} />);
  expect(screen.getByText('No signature')).toBeTruthy();
  expect(screen.getByText('Click to sign')).toBeTruthy();
  const canvas = screen.getByTestId('signature-canvas') as HTMLCanvasElement;
  expect(canvas.width).toBe(400 * (window.devicePixelRatio || 1));
  expect(canvas.height).toBe(150 * (window.devicePixelRatio || 1));
  expect(calls).toContain('fillStyle=#ffffff');
  expect(calls).toContain('fillRect(0,0,400,150)');
  expect(calls).toContain('strokeStyle=#000000');
  expect(calls).toContain('lineWidth=2');
});

test('drawing with pointer events captures a PNG data URL', () => {
  const onChange = jest.fn();
  render(<SignaturePad label="Student Signature" onChange={onChange} />);
  draw(screen.getByTestId('signature-canvas'));
  expect(calls.some((c) => c.startsWith('lineTo('))).toBe(true);
  expect(calls.some((c) => c.startsWith('stroke('))).toBe(true);
  expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^data:image\/png;base64,/));
  expect(screen.getByText('Signature captured')).toBeTruthy();
  expect(screen.queryByText('Click to sign')).toBeNull();
});

test('moving without pressing draws nothing', () => {
  const onChange = jest.fn();
  render(<SignaturePad label="Supervising Driver Signature" onChange={onChange} />);
  fireEvent.pointerMove(screen.getByTestId('signature-canvas'), { pointerId: 1, clientX: 60, clientY: 40 });
  fireEvent.pointerUp(screen.getByTestId('signature-canvas'), { pointerId: 1 });
  expect(onChange).not.toHaveBeenCalled();
  expect(screen.getByText('No signature')).toBeTruthy();
});

test('Clear Signature resets the pad and reports null', () => {
  const onChange = jest.fn();
  render(<SignaturePad label="Student Signature" onChange={onChange} />);
  draw(screen.getByTestId('signature-canvas'));
  calls.length = 0;
  fireEvent.click(screen.getByRole('button', { name: 'Clear Signature' }));
  expect(onChange).toHaveBeenLastCalledWith(null);
  expect(screen.getByText('No signature')).toBeTruthy();
  expect(screen.getByText('Click to sign')).toBeTruthy();
  expect(calls).toContain('fillRect(0,0,400,150)');
});

test('touch devices are told to tap', () => {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query === '(pointer: coarse)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
  try {
    render(<SignaturePad label="Student Signature" onChange={() => {}} />);
    expect(screen.getByText('Tap to sign')).toBeTruthy();
  } finally {
    window.matchMedia = original;
  }
});

test('the canvas bitmap follows the device pixel ratio', () => {
  const original = window.devicePixelRatio;
  Object.defineProperty(window, 'devicePixelRatio', { value: 2, configurable: true });
  try {
    render(<SignaturePad label="Student Signature" onChange={() => {}} />);
    const canvas = screen.getByTestId('signature-canvas') as HTMLCanvasElement;
    expect(canvas.width).toBe(800);
    expect(canvas.height).toBe(300);
    expect(calls).toContain('setTransform(2,0,0,2,0,0)');
  } finally {
    Object.defineProperty(window, 'devicePixelRatio', { value: original, configurable: true });
  }
});
