/** @jest-environment jsdom */
import { loading, LOADING_HIDE_DELAY_MS, useLoading } from '@/lib/client/loading';
import { act, renderHook } from '@testing-library/react';

describe("the loading indicators' state", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the bar while requests are pending and hides it 500 ms after the last one', () => {
    const { result } = renderHook(() => useLoading());
    expect(result.current.barVisible).toBe(false);

    act(() => {
      loading.requestStarted();
      loading.requestStarted();
    });
    expect(result.current.barVisible).toBe(true);
    act(() => loading.requestEnded());
    act(() => jest.advanceTimersByTime(LOADING_HIDE_DELAY_MS * 2));
    expect(result.current.barVisible).toBe(true);

    act(() => loading.requestEnded());
    act(() => jest.advanceTimersByTime(LOADING_HIDE_DELAY_MS - 1));
    expect(result.current.barVisible).toBe(true);
    // A request that starts within the delay keeps the bar up.
    act(() => loading.requestStarted());
    act(() => jest.advanceTimersByTime(LOADING_HIDE_DELAY_MS));
    expect(result.current.barVisible).toBe(true);
    act(() => loading.requestEnded());
    act(() => jest.advanceTimersByTime(LOADING_HIDE_DELAY_MS));
    expect(result.current.barVisible).toBe(false);
  });

  it('shows the overlay until every long operation has finished', () => {
    const { result } = renderHook(() => useLoading());
    let first = () => {};
    let second = () => {};
    act(() => {
      first = loading.showOverlay();
      second = loading.showOverlay();
    });
    expect(result.current.overlayVisible).toBe(true);
    act(() => first());
    act(() => first());
    expect(result.current.overlayVisible).toBe(true);
    act(() => second());
    expect(result.current.overlayVisible).toBe(false);
  });
});
