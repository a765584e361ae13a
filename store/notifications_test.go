package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

func kindsOf(t *testing.T, s *Store, userID int64) []string {
	t.Helper()
	list, _, _, err := s.Notifications(context.Background(), userID, 0, NotificationsPageMax)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, n := range list {
		out = append(out, fmt.Sprintf("%s:%d", n.Kind, n.Amount))
	}
	return out
}

// A bar's request is told at each step, a referral reward to the inviter, and an event that rolls back tells
// nothing.
func TestNotificationsLandWithTheirEventOnly(t *testing.T) {
	s, _ := openBare(t)
	ctx, now := context.Background(), time.Now()
	admin := addAdmin(t, s)
	c := addCustomer(t, s, 1)
	if _, err := s.AddVaultItem(ctx, admin, VaultItem{Kind: VaultMelted, WeightMg: 5_000, PurityCenti: 75_000, Weight750Mg: 5_000}, "", now); err != nil {
		t.Fatal(err)
	}
	// refused by the reserve: nothing moved, nothing told
	if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: c, Asset: AssetGold, Amount: 9_000}, now); !errors.Is(err, ErrReserveShort) {
		t.Fatalf("a charge past the reserve: %v", err)
	}
	if got := kindsOf(t, s, c); len(got) != 0 {
		t.Fatalf("a refused charge told %v", got)
	}
	if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: c, Asset: AssetGold, Amount: 3_000}, now); err != nil {
		t.Fatal(err)
	}
	bar, err := s.AddBar(ctx, admin, VaultItem{Lab: "ری", IngotNumber: "1", PurityCenti: 75_000, WeightMg: 1_000, Weight750Mg: 1_000}, now)
	if err != nil {
		t.Fatal(err)
	}
	req, err := s.CreateGoldRequest(ctx, GoldRequestInput{UserID: c, BarID: bar.ID}, now)
	if err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{StatusApproved, StatusReady, StatusDelivered} {
		if _, err := s.DecideGoldRequest(ctx, GoldDecision{AdminID: admin, RequestID: req.ID, To: to}, now); err != nil {
			t.Fatal(err)
		}
	}
	// a decision refused as a conflict tells nothing more
	if _, err := s.DecideGoldRequest(ctx, GoldDecision{AdminID: admin, RequestID: req.ID, To: StatusRejected, Reason: "x"}, now); !errors.Is(err, ErrConflict) {
		t.Fatalf("rejecting a delivered request: %v", err)
	}
	want := []string{"gold_request_delivered:1000", "gold_request_ready:1000", "gold_request_approved:1000", "charge:3000"}
	if got := kindsOf(t, s, c); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("told %v, want %v", got, want)
	}
	var queued int
	if err := s.read.QueryRow(`SELECT COUNT(*) FROM sms_outbox`).Scan(&queued); err != nil || queued != 4 {
		t.Fatalf("queued %d SMS, want 4 (%v)", queued, err)
	}
}

func TestAChatReplyWaitsOncePerConversation(t *testing.T) {
	s, _ := openBare(t)
	ctx, now := context.Background(), time.Now()
	c := addCustomer(t, s, 1)
	for range 3 {
		if err := s.NotifyChatReply(ctx, c, 7, now); err != nil {
			t.Fatal(err)
		}
	}
	if got := kindsOf(t, s, c); len(got) != 1 {
		t.Fatalf("three replies told %v", got)
	}
	if _, err := s.MarkNotificationsRead(ctx, c, nil, true, now); err != nil {
		t.Fatal(err)
	}
	if err := s.NotifyChatReply(ctx, c, 7, now); err != nil {
		t.Fatal(err)
	}
	if got := kindsOf(t, s, c); len(got) != 2 {
		t.Fatalf("a reply after the last was read: %v", got)
	}
	var queued int
	if err := s.read.QueryRow(`SELECT COUNT(*) FROM sms_outbox`).Scan(&queued); err != nil || queued != 0 {
		t.Fatalf("a chat reply queued %d SMS (%v)", queued, err)
	}
}

// A customer moved to a grade whose price meets their alert is told, in the grade change's transaction.
func TestAGradeChangeFiresTheAlertsItMeets(t *testing.T) {
	s, _ := openBare(t)
	ctx, now := context.Background(), time.Now()
	admin := addAdmin(t, s)
	c := addCustomer(t, s, 1)
	if err := s.SetBasePrice(ctx, admin, 10_000_000, now); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateGrade(ctx, admin, Grade{ID: 1, SellAddRial: 500_000}, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddPriceAlert(ctx, PriceAlert{UserID: c, Side: "buy", PriceRial: 10_200_000}, now); err != nil {
		t.Fatal(err)
	}
	var met *ErrAlertMet
	if _, err := s.AddPriceAlert(ctx, PriceAlert{UserID: c, Side: "sell", PriceRial: 9_000_000}, now); !errors.As(err, &met) || met.Price != 10_000_000 {
		t.Fatalf("a sell alert already met: %v", err)
	}
	if _, err := s.SetUserGrade(ctx, admin, c, 2, now); err != nil {
		t.Fatal(err)
	}
	if got := kindsOf(t, s, c); fmt.Sprint(got) != "[price_alert:10000000]" {
		t.Fatalf("told %v", got)
	}
}
