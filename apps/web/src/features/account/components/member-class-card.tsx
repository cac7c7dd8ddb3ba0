import { Badge, Button, CheckIcon, ErrorNotice, Panel, Progress, Skeleton } from '@/components/ui';
import { useUserDetail } from '@/features/auth';
import { failureMessage } from '@/lib/call-api';
import { benefitsOf, formatAmount, MEMBER_CLASS_LABELS, percentToNext } from '../model/member-class';
import styles from './member-class-card.module.css';

/** The member class, what it gives, and how far the next one is. */
export function MemberClassCard() {
  const detail = useUserDetail();

  if (detail.isPending) {
    return (
      <Panel title="Member class">
        <div className={styles.loading} role="status" aria-busy="true" aria-label="Loading your member class">
          <Skeleton width={96} height={26} />
          <Skeleton width="85%" />
          <Skeleton width="70%" />
          <Skeleton height={6} />
        </div>
      </Panel>
    );
  }

  if (detail.isError) {
    return (
      <Panel title="Member class">
        <ErrorNotice message={`We could not load your member class. ${failureMessage(detail.error)}`} />
        <Button variant="secondary" size="sm" onClick={() => void detail.refetch()}>
          Try again
        </Button>
      </Panel>
    );
  }

  const { memberClass, memberProgress: progress } = detail.data;
  const next = progress.next;
  return (
    <Panel title="Member class" description="Your class grows with what you spend in the shop.">
      <div className={styles.badge}>
        <Badge tone={memberClass === 'standard' ? 'neutral' : memberClass}>{MEMBER_CLASS_LABELS[memberClass]}</Badge>
        <span className={styles.badgeText}>member</span>
      </div>
      <ul className={styles.benefits} aria-label="What your class gives">
        {benefitsOf(progress).map((benefit) => (
          <li key={benefit}>
            <CheckIcon size={18} />
            {benefit}
          </li>
        ))}
      </ul>
      <div className={styles.progress}>
        <div className={styles.spend}>
          <span>Spent so far</span>
          <strong>{formatAmount(progress.lifetimeSpend)}</strong>
        </div>
        {next ? (
          <>
            <Progress
              label={`Progress to ${MEMBER_CLASS_LABELS[next.memberClass]}`}
              value={percentToNext(progress)}
              valueText={`${formatAmount(progress.lifetimeSpend)} of ${formatAmount(next.minSpend)}`}
            />
            <p className={styles.next}>
              Spend <strong>{formatAmount(next.remaining)}</strong> more to reach {MEMBER_CLASS_LABELS[next.memberClass]}.
            </p>
          </>
        ) : (
          <p className={styles.next}>You are in the highest class. Thank you for shopping with us.</p>
        )}
      </div>
    </Panel>
  );
}
