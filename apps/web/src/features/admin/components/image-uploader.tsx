import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Button, Progress } from '@/components/ui';
import { UploadIcon } from '@/components/ui/admin-icons';
import { failureMessage } from '@/lib/call-api';
import { imageFileProblem, IMAGE_TYPES, uploadImage } from '../api/upload-image';
import styles from './image-uploader.module.css';

interface Upload {
  key: number;
  name: string;
  /** A blob: URL of the chosen file, shown while it travels. */
  preview: string;
  progress: number;
}

interface ImageUploaderProps {
  /** The field's label, also the file input's accessible name, e.g. "Product images". */
  label: string;
  /** Names the input for focusing it when the form finds an error. */
  name: string;
  images: readonly string[];
  onChange(images: string[]): void;
  max: number;
  /** What the images show, for their alt text, e.g. the product's name. */
  subject: string;
  hint?: string;
  error?: string | undefined;
}

let uploadKey = 0;

/**
 * Choose or drop image files: each shows at once from the device, with its upload
 * progress, and joins the list when the server has stored it. The first image is the
 * main one; any other can be made main or removed.
 */
export function ImageUploader({ label, name, images, onChange, max, subject, hint, error }: ImageUploaderProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  // Uploads finish one by one, after renders: they add to the latest list, not the one they started with.
  const latest = useRef({ images, onChange });
  useEffect(() => {
    latest.current = { images, onChange };
  });
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  // With one image allowed, a new upload replaces it rather than being refused.
  const single = max === 1;
  const room = single ? 1 - uploads.length : max - images.length - uploads.length;

  function start(files: readonly File[]) {
    const found: string[] = [];
    const accepted = files.filter((file) => {
      const problem = imageFileProblem(file);
      if (problem) found.push(problem);
      return !problem;
    });
    if (accepted.length > room) found.push(room <= 0 ? `There is room for no more images (at most ${max}).` : `Only ${room} more ${room === 1 ? 'image fits' : 'images fit'}: the rest were left out.`);
    setProblems(found);
    for (const file of accepted.slice(0, Math.max(room, 0))) void send(file);
  }

  async function send(file: File) {
    const upload: Upload = { key: ++uploadKey, name: file.name, preview: URL.createObjectURL(file), progress: 0 };
    const controller = new AbortController();
    controllers.current.add(controller);
    setUploads((u) => [...u, upload]);
    setAnnouncement(`Uploading ${file.name}…`);
    try {
      const stored = await uploadImage(file, (ratio) => setUploads((u) => u.map((x) => (x.key === upload.key ? { ...x, progress: ratio } : x))), controller.signal);
      latest.current.onChange(single ? [stored.url] : [...latest.current.images, stored.url]);
      setAnnouncement(`${file.name} uploaded.`);
    } catch (e) {
      if (controller.signal.aborted) return;
      setProblems((p) => [...p, `${file.name} was not uploaded: ${failureMessage(e)}`]);
      setAnnouncement('');
    } finally {
      controllers.current.delete(controller);
      URL.revokeObjectURL(upload.preview);
      setUploads((u) => u.filter((x) => x.key !== upload.key));
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    start([...event.dataTransfer.files]);
  };

  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  const remove = (index: number) => {
    onChange(images.filter((_, i) => i !== index));
    setAnnouncement(`Image ${index + 1} removed.`);
  };
  const makeMain = (index: number) => {
    const chosen = images[index];
    if (chosen) onChange([chosen, ...images.filter((_, i) => i !== index)]);
    setAnnouncement(`Image ${index + 1} is now the main image.`);
  };

  return (
    <fieldset className={styles.field} aria-describedby={describedBy}>
      <legend className={styles.legend}>{label}</legend>
      {(images.length > 0 || uploads.length > 0) && (
        <ul className={styles.grid} aria-label={`${label}: ${images.length} of at most ${max}`}>
          {images.map((url, index) => (
            <li key={url} className={styles.tile}>
              <img src={url} alt={`${subject || 'Image'}, image ${index + 1}${index === 0 ? ' (main)' : ''}`} className={styles.image} width={160} height={160} decoding="async" />
              {index === 0 && images.length > 1 && <span className={styles.main}>Main</span>}
              <div className={styles.tileActions}>
                {index > 0 && (
                  <Button size="sm" variant="secondary" onClick={() => makeMain(index)} aria-label={`Make main: image ${index + 1}`}>
                    Make main
                  </Button>
                )}
                <Button size="sm" variant="secondary" onClick={() => remove(index)} aria-label={`Remove image ${index + 1}`}>
                  Remove
                </Button>
              </div>
            </li>
          ))}
          {uploads.map((u) => (
            <li key={u.key} className={`${styles.tile} ${styles.uploading}`}>
              <img src={u.preview} alt={`${u.name}, uploading`} className={styles.image} width={160} height={160} />
              <div className={styles.progress}>
                <Progress label={`Uploading ${u.name}`} value={Math.round(u.progress * 100)} valueText={`${Math.round(u.progress * 100)}%`} />
                <span aria-hidden="true">{Math.round(u.progress * 100)}%</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {room > 0 && (
        <div
          className={[styles.drop, dragging && styles.dragging, error && styles.invalid].filter(Boolean).join(' ')}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <input
            id={inputId}
            name={name}
            type="file"
            className={styles.file}
            accept={IMAGE_TYPES.join(',')}
            multiple={room > 1}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              start([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <label htmlFor={inputId} className={styles.pick}>
            <UploadIcon size={20} />
            {images.length === 0 ? (single ? 'Choose an image' : 'Choose images') : single ? 'Replace image' : 'Add images'}
          </label>
          <span className={styles.dropText} aria-hidden="true">
            or drop {single ? 'it' : 'them'} here
          </span>
        </div>
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      <div role="alert" className={styles.problems}>
        {problems.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
