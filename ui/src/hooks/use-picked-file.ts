// One picked file with its preview: the receipt of a deposit, the shop's new logo.
import { useEffect, useState, type ChangeEvent } from "react";

/**
 * usePickedFile keeps the file the picker last chose and an object URL to preview it (revoked when the file
 * changes or the screen goes). onPicked checks each new choice; closing the picker keeps the one before.
 */
export function usePickedFile(onPicked: (f: File) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const f = (e.currentTarget as HTMLInputElement).files?.[0] ?? null;
    if (!f) return;
    setFile(f);
    onPicked(f);
  };
  return { file, setFile, preview, pick };
}
