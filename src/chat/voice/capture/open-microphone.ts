// Asks for the microphone: the only place that does, and only when called (with voice unused, the
// page never asks). Failures come back as MicrophoneError.
import { MicrophoneError, microphoneErrorOf } from './microphone-error';

export interface OpenMicrophoneOptions {
  signal?: AbortSignal;
  /** A device chosen in Settings; gone devices fail as 'no-microphone'. */
  deviceId?: string;
}

export async function openMicrophone({ signal, deviceId }: OpenMicrophoneOptions = {}): Promise<MediaStream> {
  signal?.throwIfAborted();
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices?.getUserMedia) throw new MicrophoneError(globalThis.isSecureContext === false ? 'insecure' : 'unsupported');
  let stream: MediaStream;
  try {
    stream = await devices.getUserMedia({
      audio: {
        ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
        // The reply's own voice from the speakers must not count as the user speaking (barge-in).
        echoCancellation: true,
        noiseSuppression: true,
        autoGainControl: true,
        channelCount: 1,
      },
    });
  } catch (error) {
    throw microphoneErrorOf(error);
  }
  if (signal?.aborted) {
    for (const track of stream.getTracks()) track.stop();
    signal.throwIfAborted();
  }
  return stream;
}

export function releaseMicrophone(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}
