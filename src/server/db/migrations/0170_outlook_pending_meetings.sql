-- Issue 41: a room booked in the Outlook add-in is *pending* until the meeting is sent. The pane's
-- booking holds the room at once (its declarations are 'booked': no double booking), but a draft
-- may be discarded; the add-in's OnAppointmentSend handler confirms it, or the room mailbox's
-- calendar does when the invitation arrives there (calendar sync adopts it). A meeting still
-- pending after the company's OutlookPendingMinutes is released by a job.
alter table outlook_meetings
  -- when the meeting's room became pending (booked in the pane); null once confirmed
  add column pending_since timestamptz,
  add column confirmed_at timestamptz,
  add column confirmed_by text check (confirmed_by in ('send', 'calendar'));

-- the release job looks for pending meetings only
create index outlook_meetings_pending on outlook_meetings (pending_since) where pending_since is not null;
