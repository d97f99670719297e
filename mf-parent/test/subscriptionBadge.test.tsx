import { render, screen } from '@testing-library/react';
import { SubscriptionBadge } from '../src/features/students/components/SubscriptionBadge';

describe('subscription badge on a student card', () => {
  const cases: Array<[unknown, string]> = [
    ['active', 'Active'],
    ['past_due', 'Past Due'],
    ['canceled', 'Canceled'],
    ['incomplete', 'Incomplete'],
    ['inactive', 'Inactive'],
    ['trialing', 'Inactive'],
    ['', 'Inactive'],
    [null, 'Inactive'],
    [undefined, 'Inactive'],
    [{ $gt: '' }, 'Inactive'],
  ];

  it.each(cases)('status %p reads %p', (status, label) => {
    render(<SubscriptionBadge status={status} />);
    const badge = screen.getByTestId('subscription-badge');
    expect(badge.textContent).toContain(label);
    expect(badge.textContent?.replace(/[●○]/g, '')).toBe(label);
  });

  it('marks active with a filled symbol and every other status with an open one, not colour alone', () => {
    const { rerender } = render(<SubscriptionBadge status="active" />);
    expect(screen.getByTestId('subscription-badge').textContent).toBe('●Active');
    rerender(<SubscriptionBadge status="past_due" />);
    expect(screen.getByTestId('subscription-badge').textContent).toBe('○Past Due');
    expect(screen.getByTestId('subscription-badge').className).toContain('ll-badge--warning');
  });
});
