package app

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"sync"
)

// The shop's colours: the header's dark and the gold of its accents (ui/src/styles/base.css).
var (
	iconDark = color.NRGBA{0x1d, 0x1a, 0x14, 0xff}
	iconGold = color.NRGBA{0xc6, 0x95, 0x1f, 0xff}
)

// defaultIcons are drawn once per size: a gold coin on the shop's dark, the icon a shop without a logo gets
// on phones' home screens. The coin keeps inside the middle 80 %, so Android may mask it to any shape.
var defaultIcons sync.Map // size → []byte

// defaultIcon returns the default icon as a PNG square of side size.
func defaultIcon(size int) []byte {
	if b, ok := defaultIcons.Load(size); ok {
		return b.([]byte)
	}
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	c, outer, inner := float64(size)/2, float64(size)*0.34, float64(size)*0.26
	for y := range size {
		for x := range size {
			d := math.Hypot(float64(x)+0.5-c, float64(y)+0.5-c)
			px := iconDark
			// the coin, then its inner ring, each edge softened over one pixel
			if a := clamp01(outer + 0.5 - d); a > 0 {
				px = blend(px, iconGold, a)
			}
			if a := clamp01(inner+0.5-d) - clamp01(inner-float64(size)*0.02+0.5-d); a > 0 {
				px = blend(px, iconDark, a*0.45)
			}
			img.SetNRGBA(x, y, px)
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	b, _ := defaultIcons.LoadOrStore(size, buf.Bytes())
	return b.([]byte)
}

func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

// blend lays b over a with opacity t.
func blend(a, b color.NRGBA, t float64) color.NRGBA {
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-t) + float64(y)*t)) }
	return color.NRGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}
