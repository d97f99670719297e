const BENEFITS = [
  { title: 'Unlimited driving session tracking', text: 'Log every supervised drive, day or night.' },
  { title: 'Digital signature capture', text: 'Student and supervisor sign on the device.' },
  { title: 'Progress tracking and reports', text: 'See hours against the targets and download the PDF log.' },
] as const;

/** The three things a subscription gives. */
export function PlanBenefits() {
  return (
    <ul className="pp-benefits" aria-label="What the subscription includes">
      {BENEFITS.map((b) => (
        <li key={b.title} className="pp-benefit">
          <svg className="pp-benefit__tick" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.14" />
            <path
              d="m6 10.2 2.6 2.6L14 7.4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.9"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <div>
            <p className="pp-benefit__title">{b.title}</p>
            <p className="pp-panel__muted">{b.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
