// A year of practice for a benchmark learner, written straight into the database in a few
// statements: the reviews of a heavy user (100,000 by default: about 270 a day) spread over the
// last 365 days across their words, a completed session per ten reviews, and the words' memory
// states as that practice leaves them (most in review, some mastered, a few still new); the
// reviews are counted into the learner's days, as their earlier Progress reads left them.

/** The statements, as SQL text for any client (the learner's id is a generated, quoted string). */
export function reviewHistorySql(userId: string, reviews = 100_000): string[] {
  const user = `'${userId.replaceAll("'", "''")}'`;
  const sessions = Math.ceil(reviews / 10);
  return [
    `update words set
       state = case when sample_key < 0.05 then 0 when sample_key < 0.15 then 1 else 2 end,
       stability = case when sample_key < 0.05 then 0 else 0.2 + sample_key * 400 end,
       difficulty = case when sample_key < 0.05 then 0 else 1 + random() * 9 end,
       mastered = sample_key >= 0.8,
       repetitions = case when sample_key < 0.05 then 0 else 3 end,
       total_reviews = case when sample_key < 0.05 then 0 else 20 end,
       correct_reviews = case when sample_key < 0.05 then 0 else 16 end,
       interval = case when sample_key < 0.05 then 0 else 1 + sample_key * 300 end,
       last_review = case when sample_key < 0.05 then null else now() - random() * interval '30 days' end,
       next_review_date = now() + (random() * 60 - 10) * interval '1 day'
     where user_id = ${user}`,
    `update profiles set
       mastered_words = (select count(*) from words where user_id = ${user} and mastered),
       time_zone = 'Europe/Madrid'
     where id = ${user}`,
    `insert into daily_practice_sessions
       (user_id, word_ids, started_at, expires_at, completed_at, total_time_seconds, mode)
     select ${user}, '{}', at, at + interval '1 hour', at + interval '5 minutes', 300, 'daily'
     from (select now() - (g % 365) * interval '1 day' - (g % 600) * interval '1 minute' as at
           from generate_series(0, ${sessions - 1}) g) s`,
    `insert into review_log
       (user_id, word_id, client_id, practice_type, outcome, response_time, confidence_rating,
        rating, state, elapsed_days, scheduled_days, duration_ms, reviewed_at)
     select ${user}, w.id, 'bench-' || g,
       (array['flashcard', 'multiple-choice', 'spelling'])[1 + g % 3],
       case when g % 10 < 8 then 'correct' else 'incorrect' end, 4,
       case when g % 10 < 8 then 3 else 1 end, case when g % 10 < 8 then 3 else 1 end,
       case when g % 9 = 0 then 1 else 2 end, g % 60, g % 60, 4000,
       now() - (g % 365) * interval '1 day' - (g % 600) * interval '1 minute'
     from generate_series(0, ${reviews - 1}) g
     join (select id, (row_number() over (order by id) - 1) as n from words where user_id = ${user}) w
       on w.n = g % (select count(*) from words where user_id = ${user})`,
    `select review_days_count_new(${user})`,
  ];
}
