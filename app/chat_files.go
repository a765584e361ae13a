package app

import (
	"bytes"
	_ "image/gif" // registers the decoder chat images are checked with
	"path/filepath"
)

// maxChatFileBytes is the largest chat file accepted (decisions.md §5).
const maxChatFileBytes = 10 << 20

// chatFileKinds maps a stored chat file's extension to its content type and its kind.
var chatFileKinds = map[string]struct{ contentType, kind string }{
	".jpg":  {"image/jpeg", "image"},
	".png":  {"image/png", "image"},
	".gif":  {"image/gif", "image"},
	".webp": {"image/webp", "image"},
	".mp3":  {"audio/mpeg", "audio"},
	".aac":  {"audio/aac", "audio"},
	".ogg":  {"audio/ogg", "audio"},
	".webm": {"audio/webm", "audio"},
	".m4a":  {"audio/mp4", "audio"},
	".wav":  {"audio/wav", "audio"},
}

// sniffChatFile names the type of a chat upload from its first bytes: the images and sounds of
// decisions.md §5, and nothing else.
func sniffChatFile(h []byte) string {
	at := func(off int, sig string) bool { return len(h) >= off+len(sig) && string(h[off:off+len(sig)]) == sig }
	switch {
	case at(0, "\xFF\xD8\xFF"):
		return ".jpg"
	case at(0, "\x89PNG\r\n\x1a\n"):
		return ".png"
	case at(0, "GIF87a"), at(0, "GIF89a"):
		return ".gif"
	case at(0, "RIFF") && at(8, "WEBPVP8"):
		return ".webp"
	case at(0, "RIFF") && at(8, "WAVEfmt "):
		return ".wav"
	case at(0, "OggS"):
		return ".ogg"
	case at(0, "\x1A\x45\xDF\xA3") && bytes.Contains(h, []byte("webm")):
		return ".webm"
	case at(4, "ftyp"):
		return ".m4a"
	case at(0, "ID3"):
		return ".mp3"
	case len(h) >= 2 && h[0] == 0xFF && h[1]&0xF6 == 0xF0: // an ADTS frame header: AAC
		return ".aac"
	case len(h) >= 2 && h[0] == 0xFF && h[1]&0xE0 == 0xE0 && h[1]&0x06 != 0: // an MPEG audio frame header
		return ".mp3"
	}
	return ""
}

// checkChatFile decodes the header of the image kinds Go can read; sounds and WebP pass on their signature.
func checkChatFile(path, ext string) error {
	switch ext {
	case ".jpg", ".png", ".gif":
		return checkImage(path)
	}
	return nil
}

func (a *App) chatFilesDir() string { return filepath.Join(a.uploads, "chat") }
