import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <div className="ll-empty">
      {icon && (
        <div className="ll-tile ll-empty__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <h3 className="ll-empty__title">{title}</h3>
      {description && <p className="ll-empty__description">{description}</p>}
      {action && <div className="ll-empty__action">{action}</div>}
    </div>
  );
}
