import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';

import type { ImageVariant } from '../../../shared/api-types';
import { isApiError } from '../../../shared/errors';
import { contentApi } from '../admin-client';

/** What a failed save says: the message, and for a 400 the bad fields by name. */
export interface SaveProblem {
  message: string;
  fields: Record<string, string[]>;
}

export function saveProblem(error: unknown): SaveProblem | undefined {
  if (!error) return undefined;
  if (isApiError(error)) return { message: error.message, fields: error.fields ?? {} };
  return { message: 'Något gick fel. Försök igen.', fields: {} };
}

/**
 * A change staff make: sent, then every query under `invalidates` is fetched again (the lists
 * show what the server now holds; nothing reloads by hand).
 */
export function useContentMutation<Input, Output>(invalidates: QueryKey[], send: (input: Input) => Promise<Output>, onDone?: (output: Output) => void) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (output) => {
      await Promise.all(invalidates.map((queryKey) => queries.invalidateQueries({ queryKey })));
      onDone?.(output);
    },
  });
}

/** The field's own errors under it, read out when they appear. */
export function FieldErrors({ problem, names }: { problem?: SaveProblem; names: string[] }) {
  const messages = names.flatMap((name) => Object.entries(problem?.fields ?? {}).filter(([field]) => field === name || field.startsWith(`${name}.`)).flatMap(([, list]) => list));
  if (!messages.length) return null;
  return (
    <p className="field-error" role="alert">
      {messages.join(' ')}
    </p>
  );
}

export function ProblemSummary({ problem }: { problem?: SaveProblem }) {
  if (!problem) return null;
  return (
    <p className="error-message" role="alert">
      {problem.message}
    </p>
  );
}

/**
 * A long editor's Save, kept in view: a bar at the top of the form that stays on screen while
 * staff scroll (sticky at the top, where it covers nothing at the start of the form), with what
 * the save said under it.
 */
export function SaveBar({ pending, saved, problem }: { pending: boolean; saved?: string; problem?: SaveProblem }) {
  return (
    <div className="save-bar">
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Sparar…' : 'Spara'}
      </button>
      {saved && <p role="status">{saved}</p>}
      <ProblemSummary problem={problem} />
    </div>
  );
}

export function Field({ label, hint, children, id }: { label: string; hint?: string; children: ReactNode; id: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && <small className="field-hint">{hint}</small>}
      {children}
    </div>
  );
}

export interface ImageValue {
  url: string;
  alt: string;
  width: number;
  height: number;
  variants?: ImageVariant[] | null;
}

/** Picks a photo, uploads it (the server makes the sizes) and hands it back; the alt text is asked for beside it. */
export function ImageUpload({ label, onUploaded }: { label: string; onUploaded: (image: Omit<ImageValue, 'alt'>) => void }) {
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const upload = useMutation({ mutationFn: contentApi.upload });
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,.heic"
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (!file) return;
          setProblem(undefined);
          upload.mutate(file, {
            onSuccess: (image) => onUploaded(image),
            onError: (error) => setProblem(saveProblem(error)?.message),
          });
        }}
      />
      {upload.isPending && <p role="status">Laddar upp och skalar bilden…</p>}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** Lines of a textarea, for the list fields (one item per line). */
export const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
