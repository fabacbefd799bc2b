import { relevanceOf } from '../model/relevance';

describe('relevance in words', () => {
  it('is relative to the best hit: two thirds and more very relevant, a third relevant, less related', () => {
    expect(relevanceOf(0.3, 0.3)).toEqual({ level: 'high', share: 1 });
    expect(relevanceOf(0.2, 0.3).level).toBe('high');
    expect(relevanceOf(0.15, 0.3).level).toBe('medium');
    expect(relevanceOf(0.01, 0.3).level).toBe('low');
  });

  it('calls every hit very relevant when no score is above 0', () => {
    expect(relevanceOf(0, 0)).toEqual({ level: 'high', share: 1 });
  });
});
