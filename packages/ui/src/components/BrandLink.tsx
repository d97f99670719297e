import { Link } from '@logbook/shell-context/routing';
import { PRODUCT_NAME } from '@logbook/contracts/view';

/** The learner-plate mark and the product name; always a link home. */
export function BrandLink() {
  return (
    <Link to="/" className="ll-brand" aria-label={`${PRODUCT_NAME} home`}>
      <svg className="ll-brand__mark" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#1d4ed8" />
        <rect x="8" y="8" width="48" height="48" rx="5" fill="#facc15" />
        <path d="M22 17h8v24h13v7H22z" fill="#111827" />
      </svg>
      <span className="ll-brand__name">{PRODUCT_NAME}</span>
    </Link>
  );
}
