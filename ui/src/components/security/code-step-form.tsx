// The second step of a call confirmed by a texted code: what is being confirmed, the code, confirm and back.
import type { ReactNode } from "react";
import type { CodeStep } from "../../hooks/use-code-step";
import { CodeInput } from "../ui/code-input";
import { Button } from "../ui";

type Props<T> = {
  step: CodeStep<T>;
  title: string;
  confirmLabel: string;
  /** testid names the form (`<testid>-code-form`) and its confirm button (`<testid>-confirm`). */
  testid: string;
  children: ReactNode;
};

export function CodeStepForm<T>({ step, title, confirmLabel, testid, children }: Props<T>) {
  return (
    <form className="card form" onSubmit={step.confirm} noValidate data-testid={`${testid}-code-form`}>
      <h2 className="section-title">{title}</h2>
      {children}
      <CodeInput value={step.code} onChange={step.typed} error={step.error} />
      <Button type="submit" className="btn-block" busy={step.busy} data-testid={`${testid}-confirm`}>
        {confirmLabel}
      </Button>
      <Button variant="ghost" className="btn-block" onClick={step.back}>
        بازگشت
      </Button>
    </form>
  );
}
