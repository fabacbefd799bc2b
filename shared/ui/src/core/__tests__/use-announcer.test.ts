import { act, renderHook } from '@testing-library/react';
import { useAnnouncer } from '../use-announcer';

describe('useAnnouncer', () => {
  it('replaces the message, and changes it invisibly when the same text comes again (so it is read again)', () => {
    const { result } = renderHook(() => useAnnouncer());
    expect(result.current[0]).toBe('');
    act(() => result.current[1]('Answer finished'));
    expect(result.current[0]).toBe('Answer finished');
    act(() => result.current[1]('Answer finished'));
    expect(result.current[0]).toBe('Answer finished\u200b');
    act(() => result.current[1]('Answer stopped'));
    expect(result.current[0]).toBe('Answer stopped');
  });
});
