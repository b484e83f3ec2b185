import type { TAnswerCheck, TMemberPuzzle } from '@mindgauge/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PuzzleQuiz } from './puzzle-quiz';

afterEach(cleanup);

const puzzles: TMemberPuzzle[] = [0, 1].map((index) => ({
  index,
  context: Array.from({ length: 8 }, () => '<svg></svg>'),
  options: Array.from({ length: 6 }, () => '<svg></svg>'),
}));
const answer = async (index: number, choice: number): Promise<TAnswerCheck> => ({
  index,
  choice,
  correct: choice === 0,
  answerIndex: 0,
  explanations: ['rule'],
});

describe('PuzzleQuiz focus', () => {
  it('moves to "next" with the verdict and to the new heading with the next puzzle, before any later key', async () => {
    render(<PuzzleQuiz puzzles={puzzles} answer={answer} />);
    const options = screen.getAllByRole('button', { name: 'quiz.option' });
    await act(async () => {
      fireEvent.click(options[1] as HTMLElement);
    });
    const next = screen.getByRole('button', { name: 'quiz.next' });
    expect(document.activeElement).toBe(next);
    // Synchronously after "next": a key pressed right after the new title shows must not lose its focus
    // to a focus change still waiting for a frame.
    act(() => {
      fireEvent.click(next);
    });
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
  });

  it('does not take the focus when it first shows', () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    render(<PuzzleQuiz puzzles={puzzles} answer={answer} />);
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});
