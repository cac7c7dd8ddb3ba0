import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_TITLE_MAX, type OwnReview } from '@parmeta/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button, ErrorNotice, Field } from '@/components/ui';
import { TextareaField } from '@/components/ui/textarea-field';
import { failureMessage, serverFieldsOf } from '@/lib/call-api';
import { fieldMessage, type FieldErrors } from '@/lib/form-errors';
import { useSaveReview } from '../api/save-review';
import styles from './review-form.module.css';

/**
 * The same limits the server checks (reviewFields), written out here so this chunk carries no
 * schema library: the server's answer still has the last word and lands under the same fields.
 */
function check(rating: number, title: string, body: string): FieldErrors {
  const errors: FieldErrors = {};
  if (rating < 1 || rating > 5) errors.rating = 'Choose 1 to 5 stars.';
  if (title.trim() === '') errors.title = 'is required';
  else if (title.trim().length > REVIEW_TITLE_MAX) errors.title = `must be at most ${REVIEW_TITLE_MAX} characters`;
  if (body.trim().length < REVIEW_BODY_MIN) errors.body = `must be at least ${REVIEW_BODY_MIN} characters`;
  else if (body.trim().length > REVIEW_BODY_MAX) errors.body = `must be at most ${REVIEW_BODY_MAX} characters`;
  return errors;
}

/** Write or edit one's review: stars as a radio group, a title and the text; field errors under their fields. */
export function ReviewForm({ productId, productName, mine, onDone, onSaved }: { productId: number; productName: string; mine: OwnReview | null; onDone: (msg: string) => void; onSaved?: () => void }) {
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [title, setTitle] = useState(mine?.title ?? '');
  const [body, setBody] = useState(mine?.body ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveReview(productId, onSaved);
  const starsId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check(rating, title, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { rating, title, body },
      {
        onSuccess: ({ msg }) => onDone(msg),
        onError: (error) => setErrors(serverFieldsOf(error) ?? {}),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={mine ? `Edit your review of ${productName}` : `Review ${productName}`}>
      <fieldset className={styles.stars} aria-describedby={errors.rating ? `${starsId}-error` : undefined}>
        <legend>Your rating</legend>
        <div className={styles.starRow}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={n <= rating ? `${styles.star} ${styles.on}` : styles.star}>
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} className="sr-only" />
              <span aria-hidden="true">★</span>
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
          <span className={styles.starWords} aria-hidden="true">
            {rating > 0 ? `${rating} of 5` : 'Choose'}
          </span>
        </div>
        {errors.rating && (
          <p id={`${starsId}-error`} className={styles.error}>
            {errors.rating}
          </p>
        )}
      </fieldset>
      <Field label="Title" name="title" value={title} maxLength={REVIEW_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} error={fieldMessage('Title', errors.title)} autoComplete="off" />
      <TextareaField
        label="Your review"
        name="body"
        rows={5}
        value={body}
        maxLength={REVIEW_BODY_MAX}
        onChange={(e) => setBody(e.target.value)}
        error={fieldMessage('Your review', errors.body)}
        hint={`What did you like or not? At least ${REVIEW_BODY_MIN} characters (${body.trim().length} of ${REVIEW_BODY_MAX}).`}
      />
      {save.isError && Object.keys(serverFieldsOf(save.error) ?? {}).length === 0 && <ErrorNotice message={failureMessage(save.error)} />}
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : mine ? 'Save changes' : 'Publish review'}
        </Button>
        <Button variant="ghost" onClick={() => onDone('')}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
