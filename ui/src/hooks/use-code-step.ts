// A call confirmed by a texted code bound to its terms (a savings plan, a standing order): the first send
// answers code_required and texts the code; the same terms sent again with the code do the thing.
import { useState, type FormEvent } from "react";
import { errorText } from "../api";
import { toast } from "../components/ui/toast";
import { CODE_LENGTH } from "../components/ui/code-input";
import { MESSAGES } from "../lib/validate";

/** CodeAnswer is such a call's answer: the code asked for, or done (with the server's words). */
export type CodeAnswer = { code_required?: boolean; message?: string };

/** CodeStepWords are the toasts of the code texted and the thing done, and the words of a failure. */
export type CodeStepWords = { asked: string; done: string; failed: string };

/** useCodeStep keeps the terms waiting for their code, the code typed, the error and the call in flight. */
export function useCodeStep<T>(post: (terms: T, code?: string) => Promise<CodeAnswer>, words: CodeStepWords, onDone: () => void) {
  const [asked, setAsked] = useState<T | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (terms: T, withCode?: string) => {
    setBusy(true);
    try {
      const answer = await post(terms, withCode);
      setCode("");
      if (answer.code_required) {
        setAsked(terms);
        toast(answer.message || words.asked, "success");
        return;
      }
      toast(answer.message ?? words.done, "success");
      setAsked(null);
      onDone();
    } catch (err) {
      setError(errorText(err, words.failed));
    } finally {
      setBusy(false);
    }
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!asked || busy) return;
    if (code.length !== CODE_LENGTH) return setError(MESSAGES.codeIncomplete);
    void send(asked, code);
  };
  return {
    asked, code, error, busy, send, confirm, setError,
    typed: (v: string) => (setCode(v), setError(null)),
    back: () => (setAsked(null), setError(null)),
  };
}

export type CodeStep<T> = ReturnType<typeof useCodeStep<T>>;
