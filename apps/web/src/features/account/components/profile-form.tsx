import { AVATAR_MAX_BYTES, AVATAR_TYPES, type EditProfileFields, type Profile } from '@parmeta/contracts';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, CameraIcon, ErrorNotice, Field, Progress, Skeleton, SuccessNotice } from '@/components/ui';
import fieldStyles from '@/components/ui/field.module.css';
import { failureMessage, serverFieldsOf } from '@/lib/call-api';
import { useEditProfile } from '../api/edit-profile';
import { errorsFromServer, fieldMessage, type FieldErrors } from '@/lib/form-errors';
import { CHECK_NOT_LOADED, lazyModule } from '@/lib/lazy-module';
import { Avatar } from './avatar';
import styles from './profile-form.module.css';

type Draft = Record<keyof EditProfileFields, string>;

const FIELDS = ['img', 'firstName', 'lastName', 'phone', 'birthday'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  img: 'Photo',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  birthday: 'Birthday',
};
/** The fields' check: loaded as the form is first used (focus, pointer) or sent, not with the page. */
const checks = lazyModule(() => import('../model/profile-check'));
const NOT_A_PICTURE = 'This file is not a picture we can read. Choose a JPEG, PNG, WebP or GIF image.';
const MAX_MB = Math.round(AVATAR_MAX_BYTES / 1024 / 1024);
const ACCEPT = AVATAR_TYPES.join(',');

/** The latest birthday the schema accepts (13 years ago), for the date picker's max. */
function latestBirthday(): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - 13);
  return d.toISOString().slice(0, 10);
}

function photoProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'must be a JPEG, PNG, WebP or GIF image';
  if (file.size > AVATAR_MAX_BYTES) return `must be at most ${MAX_MB} MB`;
  return null;
}

/**
 * Whether the browser can draw the file: a name ending in .png says nothing about what is
 * inside. Decoded before it is shown, so a file that is no picture gets a message instead of
 * a broken preview.
 */
async function decodes(url: string): Promise<boolean> {
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
    return image.naturalWidth > 0;
  } catch {
    return false;
  }
}

/** Name, phone, birthday and photo; the photo is uploaded with the rest when the form is saved. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const idBase = useId();
  const idOf = (field: (typeof FIELDS)[number]) => `${idBase}-${field}`;
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useEditProfile();

  const [draft, setDraft] = useState<Draft>(() => ({
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phone: profile.phone ?? '',
    birthday: profile.birthday ?? '',
  }));
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [notice, setNotice] = useState('');

  // The preview is a blob URL: release it when it is replaced or the form goes away.
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const errorOf = (field: (typeof FIELDS)[number]) => fieldMessage(LABELS[field], errors[field]);
  const focusFirst = (problems: FieldErrors) => {
    const field = FIELDS.find((f) => problems[f]);
    if (field === 'img') fileInput.current?.closest('fieldset')?.querySelector('button')?.focus();
    else if (field) document.getElementById(idOf(field))?.focus();
  };

  const update = (field: keyof Draft, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    setNotice('');
    // Checked again as the member types once sent (the check is loaded by then).
    const loaded = submitted ? checks.loaded() : null;
    if (loaded) {
      const result = loaded.checkProfile(next);
      setErrors((current) => ({ ...(current.img ? { img: current.img } : {}), ...(result.ok ? {} : result.errors) }));
    }
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again must fire change again.
    event.target.value = '';
    if (!file) return;
    setNotice('');
    const url = URL.createObjectURL(file);
    const problem = photoProblem(file) ?? ((await decodes(url)) ? null : NOT_A_PICTURE);
    setErrors(({ img: _img, ...rest }) => (problem ? { ...rest, img: problem } : rest));
    if (problem) {
      URL.revokeObjectURL(url);
      return;
    }
    setImage(file);
    setPreview(url);
  };

  const dropPhoto = () => {
    setImage(null);
    setPreview(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setNotice('');
    const loaded = await checks.ready();
    if (!loaded) {
      setErrors({ firstName: CHECK_NOT_LOADED });
      return;
    }
    const result = loaded.checkProfile(draft);
    setSubmitted(true);
    if (!result.ok || errors.img) {
      const problems = { ...(errors.img ? { img: errors.img } : {}), ...(result.ok ? {} : result.errors) };
      setErrors(problems);
      focusFirst(problems);
      return;
    }
    setErrors({});
    save.mutate(
      { fields: result.data, image },
      {
        onSuccess: () => {
          dropPhoto();
          setNotice(image ? 'Your profile and new photo are saved.' : 'Your profile is saved.');
        },
        onError: (error) => {
          const problems = errorsFromServer(serverFieldsOf(error));
          setErrors(problems);
          focusFirst(problems);
        },
      },
    );
  };

  const name = [draft.firstName, draft.lastName].filter(Boolean).join(' ') || profile.userName;
  const photoHintId = `${idBase}-photo-hint`;
  const photoErrorId = `${idBase}-photo-error`;

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} onFocus={checks.warm} onPointerEnter={checks.warm} noValidate aria-busy={save.isPending || undefined}>
      <fieldset className={styles.photo}>
        <legend className="sr-only">Photo</legend>
        <div className={styles.photoImage}>
          <Avatar className={styles.avatar} src={preview ?? profile.img} name={name} size={96} alt={preview ? 'Preview of your new photo' : profile.img ? 'Your photo' : ''} />
        </div>
        <div className={styles.photoBody}>
          <p className={styles.photoTitle}>{preview ? 'New photo: save to upload it' : profile.img ? 'Your photo' : 'Add a photo'}</p>
          <p id={photoHintId} className={styles.hint}>
            JPEG, PNG, WebP or GIF, up to {MAX_MB} MB. It is cropped to a square.
          </p>
          <div className={styles.photoActions}>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => fileInput.current?.click()}
              disabled={save.isPending}
              aria-describedby={[photoHintId, errors.img ? photoErrorId : ''].filter(Boolean).join(' ')}
            >
              <CameraIcon size={16} />
              {profile.img || preview ? 'Choose another photo' : 'Choose a photo'}
            </Button>
            {preview && (
              <Button variant="ghost" size="sm" onClick={dropPhoto} disabled={save.isPending}>
                {profile.img ? 'Keep the current photo' : 'Remove'}
              </Button>
            )}
          </div>
          {errors.img && (
            <p id={photoErrorId} className={styles.error}>
              {errorOf('img')}
            </p>
          )}
          <input ref={fileInput} id={idOf('img')} className={styles.file} type="file" name="img" accept={ACCEPT} onChange={(event) => void pick(event)} tabIndex={-1} aria-hidden="true" />
        </div>
      </fieldset>

      <div className={styles.grid}>
        <Field id={idOf('firstName')} label={LABELS.firstName} autoComplete="given-name" value={draft.firstName} onChange={(e) => update('firstName', e.target.value)} error={errorOf('firstName')} aria-required />
        <Field id={idOf('lastName')} label={`${LABELS.lastName} (optional)`} autoComplete="family-name" value={draft.lastName} onChange={(e) => update('lastName', e.target.value)} error={errorOf('lastName')} />
        <Field
          id={idOf('phone')}
          label={`${LABELS.phone} (optional)`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+66812345678"
          hint="International format: + and the country code, then the number, e.g. +66812345678"
          value={draft.phone}
          onChange={(e) => update('phone', e.target.value)}
          error={errorOf('phone')}
        />
        <Field
          id={idOf('birthday')}
          label={`${LABELS.birthday} (optional)`}
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          max={latestBirthday()}
          value={draft.birthday}
          onChange={(e) => update('birthday', e.target.value)}
          error={errorOf('birthday')}
        />
      </div>

      {save.progress !== null && <Progress className={styles.upload} label="Uploading your photo" value={Math.round(save.progress * 100)} valueText={`${Math.round(save.progress * 100)}% uploaded`} />}
      <ErrorNotice message={save.isError ? failureMessage(save.error) : null} />
      <SuccessNotice message={notice} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? (image ? 'Uploading…' : 'Saving…') : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The form's shape while the profile loads, built from the form's own styles (the photo row,
 * the same labels and hint, boxes where the inputs go, the buttons' heights), so that nothing
 * moves when the form replaces it (docs/decisions/0066). No inputs: nothing to type into or find
 * by its label before the real form is there.
 */
export function ProfileFormPlaceholder() {
  const field = (label: string, hint?: string) => (
    <div className={fieldStyles.field}>
      <span className={fieldStyles.label}>{label}</span>
      <span className={fieldStyles.input} />
      {hint && <p className={fieldStyles.hint}>{hint}</p>}
    </div>
  );
  return (
    <div className={`${styles.form} ${styles.placeholder}`} aria-hidden="true">
      <div className={styles.photo}>
        <div className={styles.photoImage}>
          <Skeleton className={`${styles.avatar} ${styles.round}`} width="" height="" />
        </div>
        <div className={styles.photoBody}>
          <p className={styles.photoTitle}>
            <Skeleton width={110} height="1em" className={styles.inlineSkeleton} />
          </p>
          <p className={styles.hint}>JPEG, PNG, WebP or GIF, up to {MAX_MB} MB. It is cropped to a square.</p>
          <div className={styles.photoActions}>
            <Skeleton width={160} height={34} />
          </div>
        </div>
      </div>
      <div className={styles.grid}>
        {field(LABELS.firstName)}
        {field(`${LABELS.lastName} (optional)`)}
        {field(`${LABELS.phone} (optional)`, 'International format: + and the country code, then the number, e.g. +66812345678')}
        {field(`${LABELS.birthday} (optional)`)}
      </div>
      <div>
        <Skeleton width={130} height={40} />
      </div>
    </div>
  );
}
