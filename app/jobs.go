package app

import (
	"context"
	"time"
)

// The shop's background jobs, a job_*.go file each: the janitor (job_janitor.go), the notifications' live
// delivery and their Web Push (job_notifications.go, job_push.go), the SMS outbox (job_sms_outbox.go), the
// storage watch (job_storage.go), the savings plans' runner, which also sweeps the standing orders
// (job_plans.go), and the price feed (job_price_feed.go).
const (
	janitorEvery      = 10 * time.Minute
	storageWatchEvery = time.Minute
)

// RunJobs starts every background job of the shop; each runs until ctx ends. The plans' runner looks every
// plansEvery (a minute in production: a plan runs at a minute of the day).
func (a *App) RunJobs(ctx context.Context, plansEvery time.Duration) {
	go a.runJanitor(ctx, janitorEvery)
	go a.runNotifications(ctx)
	go a.runSMSOutbox(ctx)
	go a.runStorageWatch(ctx, storageWatchEvery)
	go a.runPlans(ctx, plansEvery)
	go a.runPriceFeed(ctx)
}
