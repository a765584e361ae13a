// One printed tag label (issue 39): the shop's short name, the piece (on the larger papers), the tag's Code 128 as
// the server draws it, the code as text under it (Latin, as the bars carry it and a scanner types it), the weight,
// the purity and the making charge. labels-print.css sizes it to its paper.
import { useEffect, useRef } from "react";
import type { VaultItem } from "../../api-types";
import { barcodeUrl } from "../../api-stock";
import { toFaDigits } from "../../lib/digits";
import { labelFigures, wageText, type LabelSize } from "../../lib/tag-labels";
import { vaultKindLabel } from "../../lib/vault";

type Props = {
  item: VaultItem;
  shopName: string;
  size: LabelSize;
  /** onImage is told once the barcode has loaded or failed, so the page knows when it can print. */
  onImage: () => void;
};

/** TagLabel is one label. */
export function TagLabel({ item, shopName, size, onImage }: Props) {
  const { weight, purity } = labelFigures(item);
  const wage = wageText(item);
  const what = item.description || item.category || vaultKindLabel(item.kind);
  // told once per label: on its load or failure, or at once for an image the browser had already
  const img = useRef<HTMLImageElement>(null);
  const told = useRef(false);
  const tell = () => {
    if (told.current) return;
    told.current = true;
    onImage();
  };
  useEffect(() => {
    if (img.current?.complete) tell();
  }, []);
  return (
    <article className="tag-label" data-testid="label" data-id={item.id} data-tag={item.tag ?? ""}>
      <p className="tag-label-shop">{shopName}</p>
      {size !== "40x25" && <p className="tag-label-what">{toFaDigits(what)}</p>}
      {item.tag ? (
        <img ref={img} className="tag-label-bars" src={barcodeUrl(item.tag)} alt={`بارکد اتیکت ${item.tag}`} onLoad={tell} onError={tell} data-testid="label-barcode" />
      ) : (
        <p className="tag-label-none">بدون اتیکت</p>
      )}
      {item.tag && (
        <p className="tag-label-code" dir="ltr" data-testid="label-code">
          {item.tag}
        </p>
      )}
      <p className="tag-label-figures">
        <span data-testid="label-weight">{weight}</span>
        <span data-testid="label-purity">{purity}</span>
      </p>
      {wage && (
        <p className="tag-label-wage" data-testid="label-wage">
          {wage}
        </p>
      )}
    </article>
  );
}
