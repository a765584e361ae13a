// Package store keeps goldshop's data in one SQLite file: a single writer connection for every change and a
// small pool of read-only connections beside it (connections.go), so reads never wait behind a money
// transaction. It persists facts (amounts, states, times, ids), never sentences: the Persian words are app's.
//
// # The write paths
//
// Every write runs on the one writer connection, through the group committer (commit.go): concurrent
// transactions share one COMMIT, each in a savepoint of its own, so a member that fails leaves the others as
// if it had run alone. There are five ways in, and which one a write takes decides when its caller is told:
//
//   - InTx (tx.go) is the default, and the only one for money: the caller is told after the group's commit
//     is on disk (the syncer's fsync of the log, log_sync.go). Whatever moves a balance, a hold or the
//     vault goes this way, inside one transaction with its journal (ledger.go), so it lands whole or not at all.
//   - inLightTx (tx.go) is for rows whose loss in a power cut costs no money (codes, quotes, rate counters):
//     the caller is told at commit, without waiting for the disk; the next fsync makes them durable.
//   - An idempotent call (StartOnce, idempotency.go) carries an OnceCall in its context, the only carrier of
//     an Idempotency-Key: every InTx and inLightTx made with that context joins the call's one transaction,
//     which claims the key with its first write and, at Finish, keeps its answer, so the claim, the money and
//     the answer land in one commit and a retry gets the same answer. The HTTP layer opens one per money call.
//   - Apart(ctx) marks a write inside such a call that must commit on its own, before the call's first write:
//     a texted code, so the writer is never held while the SMS gateway answers.
//   - The quote book's batched writer (quote_book.go, trade_codes.go): a quote and its trade code are held in
//     memory, where the confirmation checks and spends them, and their rows (the code, the pending quote, the
//     asker's rate hit) are written by one loop for all the quotes of a moment, as one light member of a group;
//     a quote is answered once its batch has committed. The book is loaded from those rows at Open, so a quote
//     given before a crash is still confirmed after it. The trade itself (ExecuteQuote) is an InTx that only
//     marks its quote executed.
//
// Reads use the read pool; a read that must see the transaction's own writes takes the transaction's queryer.
// Hot queries are prepared once (stmt_cache.go). Tokens and logins are answered from memory (auth_index.go),
// kept exact by SQLite's pre-update hook (row_watch.go).
package store
