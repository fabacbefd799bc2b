import { defaultConfig } from '@assistant/contracts/startup';
import { act, renderHook } from '@testing-library/react';
import { RequestAbortedError } from '../../http/errors';
import { useConfigStore } from '../../stores/config-store';
import type { UploadRecord } from '../upload-one-file';
import { MAX_PARALLEL_UPLOADS, useUploadQueue, type UploadQueueOptions } from '../use-upload-queue';

type Send = UploadQueueOptions['send'];
interface Pending {
  file: File;
  signal: AbortSignal;
  onProgress: (progress: { loaded: number; total: number }) => void;
  resolve(record: UploadRecord): void;
  reject(error: unknown): void;
}

/** A send whose requests wait until the test answers them. */
function pendingSend() {
  const pending: Pending[] = [];
  const send: Send = (file, { signal, onProgress }) =>
    new Promise((resolve, reject) => {
      pending.push({ file, signal, onProgress, resolve, reject });
      signal.addEventListener('abort', () => reject(new RequestAbortedError('upload cancelled')));
    });
  return { pending, send: jest.fn(send) };
}
const named = (name: string, size = 10) => ({ name, size, type: '' }) as File;
const record = (fileId: string): UploadRecord => ({ fileId, status: 'uploaded' }) as UploadRecord;

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  useConfigStore.setState({ config: { ...defaultConfig(false), maxFileUploadSizeMB: 1 } });
});
afterEach(() => {
  warn.mockRestore();
  useConfigStore.setState({ config: defaultConfig(false) });
});

describe('useUploadQueue', () => {
  it('refuses what the limits refuse, sends the rest two at a time with progress, then hears each one sent', async () => {
    const { pending, send } = pendingSend();
    const onSent = jest.fn();
    const { result } = renderHook(() => useUploadQueue({ send, onSent }));
    act(() => result.current.add([named('a.pdf'), named('b.txt'), named('c.md'), named('setup.exe'), named('big.pdf', 2 * 1024 * 1024)]));

    expect(result.current.items.map((item) => item.phase)).toEqual(['uploading', 'uploading', 'queued', 'refused', 'refused']);
    expect(result.current.items.map((item) => item.problem)).toEqual([null, null, null, { kind: 'wrong-type' }, { kind: 'too-large', maxMB: 1 }]);
    expect(send).toHaveBeenCalledTimes(MAX_PARALLEL_UPLOADS);

    act(() => pending[0]!.onProgress({ loaded: 5, total: 10 }));
    expect(result.current.items[0]!.progress).toBe(0.5);

    await act(async () => pending[0]!.resolve(record('f1')));
    expect(result.current.items[0]).toMatchObject({ phase: 'sent', progress: 1, fileId: 'f1', sentStatus: 'uploaded' });
    expect(onSent).toHaveBeenCalledWith(record('f1'));
    // The third took the free place.
    expect(result.current.items[2]!.phase).toBe('uploading');
    expect(pending[2]!.file.name).toBe('c.md');
  });

  it('marks a failed send with its problem and sends it again on retry', async () => {
    const { pending, send } = pendingSend();
    const { result } = renderHook(() => useUploadQueue({ send, problemFrom: () => ({ kind: 'no-conversation' as const }) }));
    act(() => result.current.add([named('a.pdf')]));
    await act(async () => pending[0]!.reject(new Error('no conversation')));
    expect(result.current.items[0]).toMatchObject({ phase: 'failed', problem: { kind: 'no-conversation' } });
    expect(warn).toHaveBeenCalled();

    act(() => result.current.retry(result.current.items[0]!.id));
    expect(result.current.items[0]).toMatchObject({ phase: 'uploading', problem: null });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('aborts the request of a dismissed item and everything in flight when the screen is left', async () => {
    const { pending, send } = pendingSend();
    const { result, unmount } = renderHook(() => useUploadQueue({ send }));
    act(() => result.current.add([named('a.pdf'), named('b.pdf')]));
    await act(async () => result.current.dismiss(result.current.items[0]!.id));
    expect(pending[0]!.signal.aborted).toBe(true);
    expect(result.current.items.map((item) => item.file.name)).toEqual(['b.pdf']);
    expect(warn).not.toHaveBeenCalled();

    unmount();
    expect(pending[1]!.signal.aborted).toBe(true);
  });
});
