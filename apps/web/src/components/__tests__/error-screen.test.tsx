import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from '../error-screen';

describe('ErrorScreen', () => {
  it.each([
    [401, 'Not authorized', 'You are not authorized to access this page.'],
    [404, 'Page not found', "We couldn't find the page you were looking for, please contact a system administrator or try again later."],
    [500, 'Oops... Something went wrong', 'An error has occurred. If the problem persists, please contact a system administrator or try again later.'],
    [403, 'Oops... Something went wrong', 'An error has occurred. If the problem persists, please contact a system administrator or try again later.'],
  ])('shows status %i with its title and text', (status, title, text) => {
    render(<ErrorScreen status={status} onBackHome={() => {}} onClearError={() => {}} />);
    expect(screen.getByTestId('error-status')).toHaveTextContent(String(status));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAttribute('src', expect.stringMatching(/logo\.svg$/));
  });

  it('shows the detailed message and wires both buttons', async () => {
    const onBackHome = vi.fn();
    const onClearError = vi.fn();
    render(<ErrorScreen status={404} message="Page not found: /nope" onBackHome={onBackHome} onClearError={onClearError} />);
    expect(screen.getByText('Page not found: /nope')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to home' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear Error' }));
    expect(onBackHome).toHaveBeenCalledTimes(1);
    expect(onClearError).toHaveBeenCalledTimes(1);
  });
});
