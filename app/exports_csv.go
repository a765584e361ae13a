package app

import (
	"encoding/csv"
	"errors"
	"mime"
	"net/http"
	"strings"
	"time"
	"unicode"
)

const (
	// exportFlushRows is how many rows go out together: the download moves steadily and the owner's browser
	// shows it growing, while each flush still carries tens of kilobytes.
	exportFlushRows = 500
	// exportStallLimit cuts a download whose client stopped reading: the export holds a read connection
	// and its snapshot of the shop until it ends.
	exportStallLimit = time.Minute
)

// utf8BOM makes Excel read the file as UTF-8; without it Persian text opens as mojibake.
const utf8BOM = "\uFEFF"

// csvDownload writes an export as a CSV attachment. Nothing reaches the client until the first rows are
// flushed, so a failure before that still gets an ordinary error answer (started says whether it can).
type csvDownload struct {
	out     *startOnWrite
	csv     *csv.Writer
	rc      *http.ResponseController
	pending int
}

// newCSVDownload prepares the download; the caller must call release when the handler ends.
func newCSVDownload(w http.ResponseWriter, filename string) *csvDownload {
	out := &startOnWrite{w: w, filename: filename}
	c := csv.NewWriter(out)
	c.UseCRLF = true // what Excel writes and expects
	d := &csvDownload{out: out, csv: c, rc: http.NewResponseController(w)}
	d.giveTime()
	return d
}

// started says whether the client has been sent anything, after which only cutting the connection can tell
// it the file is incomplete.
func (d *csvDownload) started() bool { return d.out.started }

// write adds one row, sending the rows so far every exportFlushRows.
func (d *csvDownload) write(row []string) error {
	for i, cell := range row {
		row[i] = inertCell(cell)
	}
	if err := d.csv.Write(row); err != nil {
		return err
	}
	if d.pending++; d.pending < exportFlushRows {
		return nil
	}
	d.pending = 0
	return d.flush()
}

// flush sends what is written so far and gives the client exportStallLimit to take the next part.
func (d *csvDownload) flush() error {
	d.giveTime()
	d.csv.Flush()
	if err := d.csv.Error(); err != nil {
		return err
	}
	if err := d.rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	return nil
}

// giveTime lets the client take exportStallLimit to read what comes next. A writer that cannot have a
// deadline (a test recorder) simply gets none.
func (d *csvDownload) giveTime() { _ = d.rc.SetWriteDeadline(time.Now().Add(exportStallLimit)) }

// release lifts the write deadline: without a server WriteTimeout, net/http would keep it for the next
// request on the same keep-alive connection.
func (d *csvDownload) release() { _ = d.rc.SetWriteDeadline(time.Time{}) }

// inertCell keeps a spreadsheet from running a cell as a formula (CSV injection): a name or a reason typed
// as "=HYPERLINK(…)" is shown as text, also behind marks that show nothing (a direction mark, U+061C, a
// zero-width space: Unicode's format characters) or white space, which a spreadsheet may look past. No
// number the exports write starts with these signs.
func inertCell(s string) string {
	start := strings.TrimLeftFunc(s, func(r rune) bool { return unicode.Is(unicode.Cf, r) || unicode.IsSpace(r) })
	if start != "" && strings.ContainsRune("=+-@", rune(start[0])) || s != "" && strings.ContainsRune("\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// startOnWrite sets the download's headers and the byte-order mark on the first write, when the answer is
// committed to be a CSV file.
type startOnWrite struct {
	w        http.ResponseWriter
	filename string
	started  bool
}

func (s *startOnWrite) Write(p []byte) (int, error) {
	if !s.started {
		s.started = true
		h := s.w.Header()
		h.Set("Content-Type", "text/csv; charset=utf-8")
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": s.filename}))
		if _, err := s.w.Write([]byte(utf8BOM)); err != nil {
			return 0, err
		}
	}
	return s.w.Write(p)
}
