package app

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"goldshop/app/sms"
	"goldshop/store"
)

// smsRetries are the waits before each new try of a notice the gateway refused; after the last, it has failed
// and the owner sees it.
var smsRetries = []time.Duration{30 * time.Second, 2 * time.Minute, 10 * time.Minute, time.Hour}

// smsBatch is how many notices one look claims.
const smsBatch = 20

// smsPoll is how often the outbox looks for notices due, besides the nudge of each new notification.
const smsPoll = time.Second

// runSMSOutbox sends the notices the outbox holds, after their transactions committed, until ctx ends. At
// start, a notice a crash cut off while sending is marked unknown: it may have reached the phone, so it is
// never sent twice.
func (a *App) runSMSOutbox(ctx context.Context) {
	if n, err := a.store.RecoverSMS(ctx); err != nil {
		a.log.Error("sms outbox: recover", slog.String("error", err.Error()))
	} else if n > 0 {
		a.log.Warn("sms outbox: notices cut off while sending, not sent again", slog.Int64("count", n))
	}
	t := time.NewTicker(smsPoll)
	defer t.Stop()
	for {
		a.sendDueSMS(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-a.smsNudge:
		}
	}
}

// nudgeSMS wakes the outbox: a new notification may have queued a notice.
func (a *App) nudgeSMS() {
	select {
	case a.smsNudge <- struct{}{}:
	default:
	}
}

// sendDueSMS sends every notice due now, a batch at a time.
func (a *App) sendDueSMS(ctx context.Context) {
	for ctx.Err() == nil {
		batch, err := a.store.ClaimDueSMS(ctx, a.now(), smsBatch)
		if err != nil {
			if ctx.Err() == nil {
				a.log.Error("sms outbox: claim", slog.String("error", err.Error()))
			}
			return
		}
		for _, m := range batch {
			a.sendNotice(ctx, m)
		}
		if len(batch) < smsBatch {
			return
		}
	}
}

// sendNotice asks the gateway once and records how it ended. A claimed notice is finished even when ctx ends
// meanwhile: it is already marked sending.
func (a *App) sendNotice(ctx context.Context, m store.OutboxSMS) {
	ctx = context.WithoutCancel(ctx)
	sendCtx, cancel := context.WithTimeout(ctx, 20*time.Second)
	err := a.sms.Send(sendCtx, noticeSMS(a.shop().Name, m))
	cancel()
	now := a.now()
	status, retryAt, lastErr := store.SMSSent, now, ""
	if err != nil {
		lastErr = err.Error()
		switch {
		case errors.Is(err, sms.ErrNotSent) && m.Attempts <= len(smsRetries):
			status, retryAt = store.SMSQueued, now.Add(smsRetries[m.Attempts-1])
		case errors.Is(err, sms.ErrNotSent):
			status = store.SMSFailed
		default: // the gateway may have sent it: never again
			status = store.SMSUnknown
		}
		a.log.Warn("sms outbox: send", slog.Int64("id", m.ID), slog.String("status", status), slog.String("error", lastErr))
	}
	if err := a.store.MarkSMS(ctx, m.ID, status, lastErr, retryAt, now); err != nil {
		a.log.Error("sms outbox: record", slog.Int64("id", m.ID), slog.String("error", err.Error()))
	}
}

// noticeSMS is the notice as the gateway's template takes it: the template named after the kind
// ("goldshop-deposit-approved"), the amount and the request's number as tokens (tokens take no spaces); and
// the whole sentence for a gateway that takes text. A login's notices carry the device (its spaces made
// half-spaces) and the Jalali time instead; a factor's change what changed and the time, its wrong answers
// how many and the time.
func noticeSMS(shopName string, m store.OutboxSMS) sms.Message {
	w := noticeOf(m.Note)
	amount := strings.ReplaceAll(strings.TrimSuffix(strings.TrimSuffix(noticeAmount(m.Note), " ریال"), " گرم"), " ", "")
	tokens := []string{amount, strconv.FormatInt(m.Note.SubjectID, 10)}
	at := strings.ReplaceAll(jalaliMinute(m.Note.CreatedAt), " ", "-")
	switch m.Note.Kind {
	case store.NoteNewLogin, store.NotePasswordChanged:
		tokens = []string{strings.ReplaceAll(deviceName(m.Note.Reason), " ", "\u200c"), at}
	case store.NoteSecondFactorChanged:
		tokens = []string{strings.ReplaceAll(factorChangeWords[m.Note.Reason], " ", "\u200c"), at}
	case store.NoteSecondFactorFailures:
		tokens = []string{strconv.FormatInt(m.Note.Amount, 10), at}
	}
	return sms.Message{To: m.Phone, Text: shopName + ": " + w.text,
		Template: "goldshop-" + strings.ReplaceAll(m.Note.Kind, "_", "-"), Tokens: tokens}
}
