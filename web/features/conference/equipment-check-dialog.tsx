import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Camera, Check, Mic } from 'lucide-react';
import { NativeSelect } from '../../components/native-select.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';

type Permission = 'unknown' | 'granted' | 'denied';
type Devices = { audio: MediaDeviceInfo[]; video: MediaDeviceInfo[] };

export const EQUIPMENT_TITLE = 'Проверка оборудования';
export const ALLOW_ACCESS = 'Разрешить доступ';
export const CONTINUE = 'Продолжить';

/**
 * The equipment check of spec 002 §2.6: persistent, 600 px; microphone and camera each with their state and
 * «Разрешить доступ», a live preview, the choice of devices. «Продолжить» only when both are granted; the stream
 * it opened is handed to the conference, which never asks the browser again (Safari on iOS ends the first
 * stream's tracks when a second is requested).
 */
export function EquipmentCheckDialog({ open, onContinue, notice }: { open: boolean; onContinue: (stream: MediaStream) => void; notice?: ReactNode }) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [microphone, setMicrophone] = useState<Permission>('unknown');
  const [camera, setCamera] = useState<Permission>('unknown');
  const [devices, setDevices] = useState<Devices>({ audio: [], video: [] });
  const [chosen, setChosen] = useState<{ audio?: string; video?: string }>({});
  const preview = useRef<HTMLVideoElement>(null);
  const handedOver = useRef(false);

  // ask for both at once when the dialog opens, and again whenever another device is chosen
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    void (async () => {
      const opened = await openStream(chosen);
      if (cancelled) {
        opened.stream?.getTracks().forEach((t) => t.stop());
        return;
      }
      setMicrophone(opened.audio);
      setCamera(opened.video);
      setStream((previous) => {
        if (previous && previous !== opened.stream) previous.getTracks().forEach((t) => t.stop());
        return opened.stream;
      });
      if (navigator.mediaDevices?.enumerateDevices) {
        const all = await navigator.mediaDevices.enumerateDevices();
        if (!cancelled) setDevices({ audio: all.filter((d) => d.kind === 'audioinput'), video: all.filter((d) => d.kind === 'videoinput') });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [open, chosen]);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream;
  }, [stream]);

  // a dialog closed without continuing leaves no camera light on
  useEffect(
    () => () => {
      if (!handedOver.current) stream?.getTracks().forEach((t) => t.stop());
    },
    [stream],
  );

  const ready = microphone === 'granted' && camera === 'granted' && stream !== null;
  const retry = () => setChosen((c) => ({ ...c }));

  return (
    <Dialog open={open}>
      <DialogContent persistent className="max-w-[600px]" onEscapeKeyDown={(e) => e.preventDefault()} onPointerDownOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{EQUIPMENT_TITLE}</DialogTitle>
          <DialogDescription>Разрешите браузеру доступ к микрофону и камере, чтобы собеседники вас слышали и видели.</DialogDescription>
        </DialogHeader>
        {/* a recorded meeting says so before anyone enters (issue 36) */}
        {notice}

        <div className="relative aspect-video overflow-hidden rounded-xl bg-foreground/90">
          <video ref={preview} autoPlay playsInline muted data-testid="equipment-preview" className="size-full -scale-x-100 object-cover" />
          {camera !== 'granted' ? <p className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-background/80">Камера недоступна</p> : null}
        </div>

        <div className="grid gap-3 sm:grid-cols-2">
          <DeviceRow
            icon={<Mic aria-hidden className="size-4" />}
            label="Микрофон"
            permission={microphone}
            devices={devices.audio}
            value={chosen.audio}
            onChoose={(audio) => setChosen((c) => ({ ...c, audio }))}
            onAllow={retry}
          />
          <DeviceRow
            icon={<Camera aria-hidden className="size-4" />}
            label="Камера"
            permission={camera}
            devices={devices.video}
            value={chosen.video}
            onChoose={(video) => setChosen((c) => ({ ...c, video }))}
            onAllow={retry}
          />
        </div>

        <Button
          disabled={!ready}
          onClick={() => {
            if (!stream) return;
            handedOver.current = true;
            onContinue(stream);
          }}
        >
          {CONTINUE}
        </Button>
      </DialogContent>
    </Dialog>
  );
}

type DeviceRowProps = {
  icon: React.ReactNode;
  label: string;
  permission: Permission;
  devices: MediaDeviceInfo[];
  value: string | undefined;
  onChoose: (deviceId: string) => void;
  onAllow: () => void;
};

function DeviceRow({ icon, label, permission, devices, value, onChoose, onAllow }: DeviceRowProps) {
  const status = permission === 'granted' ? 'доступ есть' : permission === 'denied' ? 'нет доступа' : 'проверяем…';
  return (
    <div className="grid gap-2 rounded-xl border p-3">
      <p className="flex items-center gap-2 text-sm font-medium">
        {icon}
        {label}: <span className={permission === 'granted' ? 'text-success' : 'text-muted-foreground'}>{status}</span>
        {permission === 'granted' ? <Check aria-hidden className="size-4 text-success" /> : null}
      </p>
      {permission === 'denied' ? (
        <Button size="sm" variant="outline" onClick={onAllow}>
          {ALLOW_ACCESS}
        </Button>
      ) : null}
      {devices.length > 1 ? (
        <NativeSelect aria-label={`${label}: устройство`} value={value ?? ''} onChange={(e) => onChoose(e.target.value)}>
          {devices.map((d, i) => (
            <option key={d.deviceId || i} value={d.deviceId}>
              {d.label || `${label} ${i + 1}`}
            </option>
          ))}
        </NativeSelect>
      ) : null}
    </div>
  );
}

/** Both devices in one request (one browser prompt); if that fails, each alone, to tell which one is refused. */
async function openStream(chosen: { audio?: string; video?: string }): Promise<{ stream: MediaStream | null; audio: Permission; video: Permission }> {
  const media = navigator.mediaDevices;
  if (!media?.getUserMedia) return { stream: null, audio: 'denied', video: 'denied' };
  const audio: MediaTrackConstraints | boolean = chosen.audio ? { deviceId: { exact: chosen.audio } } : true;
  const video: MediaTrackConstraints | boolean = chosen.video ? { deviceId: { exact: chosen.video } } : { width: { ideal: 1280 }, height: { ideal: 720 } };
  try {
    return { stream: await media.getUserMedia({ audio, video }), audio: 'granted', video: 'granted' };
  } catch {
    const [a, v] = await Promise.allSettled([media.getUserMedia({ audio }), media.getUserMedia({ video })]);
    const tracks = [a, v].flatMap((r) => (r.status === 'fulfilled' ? r.value.getTracks() : []));
    return { stream: tracks.length ? new MediaStream(tracks) : null, audio: a.status === 'fulfilled' ? 'granted' : 'denied', video: v.status === 'fulfilled' ? 'granted' : 'denied' };
  }
}
