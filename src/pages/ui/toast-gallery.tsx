import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import { toast, toasterPosition, TOAST_POSITIONS, type ToastPosition } from '../../ui/toast';
import { GalleryRow, GallerySection } from './gallery-section';

/** The "Update toast" id: firing it again updates the shown toast in place. */
const UPDATE_TOAST_ID = 'gallery-update';
/** "Fire 6" adds one more than the visible limit, so the oldest must go. */
const FIRE_COUNT = 6;

const AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0ea5e9"/><circle cx="16" cy="13" r="6" fill="#e0f2fe"/><path d="M5 30c2-7 6-10 11-10s9 3 11 10z" fill="#e0f2fe"/></svg>');

/** The app mounts its toaster top-right; this control moves it for the session. */
const APP_POSITION: ToastPosition = 'top-right';

export function ToastGallery() {
  const [position, setPosition] = useState<ToastPosition>(APP_POSITION);
  const [updates, setUpdates] = useState(0);
  useEffect(() => () => toasterPosition.set(null), []);

  const choose = (next: ToastPosition) => {
    setPosition(next);
    toasterPosition.set(next === APP_POSITION ? null : next);
  };

  return (
    <GallerySection title="Toasts">
      <GalleryRow label="fire">
        <Button color="neutral" variant="outline" onClick={() => toast.add({ title: 'Neutral toast', description: 'Something happened.' })}>
          Neutral toast
        </Button>
        <Button
          color="success"
          variant="soft"
          onClick={() => toast.add({ title: 'Chat exported', description: 'Saved as chat.json.', color: 'success', icon: 'lucide:circle-check' })}
        >
          Success toast
        </Button>
        <Button
          color="error"
          variant="soft"
          onClick={() =>
            toast.add({
              title: 'The model server is unreachable',
              description: 'Nothing answered at http://localhost:11434. Is Ollama running?',
              color: 'error',
              icon: 'lucide:circle-alert',
              duration: 0,
            })
          }
        >
          Error toast
        </Button>
        <Button
          variant="soft"
          onClick={() =>
            toast.add({
              title: 'Chat deleted',
              description: '“Trip to Lisbon” was deleted.',
              actions: [
                { label: 'Undo', onClick: () => toast.add({ title: 'Chat restored', color: 'success' }) },
                { label: 'Details', onClick: () => toast.add({ title: 'Deleted from this browser only.' }) },
              ],
            })
          }
        >
          Toast with actions
        </Button>
        <Button
          variant="soft"
          color="info"
          onClick={() => toast.add({ title: 'Ada replied', description: 'Here is the summary you asked for.', avatar: { src: AVATAR, alt: 'Ada Lovelace' } })}
        >
          Toast with avatar
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            const count = updates + 1;
            setUpdates(count);
            toast.add({ id: UPDATE_TOAST_ID, title: 'Update toast', description: `Updated ${count} time${count === 1 ? '' : 's'}.`, color: 'info' });
          }}
        >
          Update toast
        </Button>
        <Button
          variant="outline"
          color="warning"
          onClick={() => {
            for (let i = 1; i <= FIRE_COUNT; i += 1) toast.add({ title: `Toast ${i}` });
          }}
        >
          Fire 6
        </Button>
        <Button variant="ghost" color="neutral" onClick={() => toast.clear()}>
          Clear all
        </Button>
      </GalleryRow>
      <fieldset className="gallery-positions">
        <legend>Toaster position</legend>
        {TOAST_POSITIONS.map((p) => (
          <label key={p}>
            <input type="radio" name="toaster-position" value={p} checked={position === p} onChange={() => choose(p)} />
            {p}
          </label>
        ))}
      </fieldset>
    </GallerySection>
  );
}
