package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/render/standings"
)

// standingsRenderer draws the standings image of league posts and of
// league standings --png (bot reaches render through its interface).
type standingsRenderer struct{ d *standings.Drawer }

func (r standingsRenderer) StandingsPNG(w io.Writer, v bot.LeagueStandingsView, lang string) error {
	return r.d.PNG(w, standings.Table{Title: v.Name, Events: v.Events, Rounds: v.Rounds, Drivers: v.Drivers, Teams: v.Teams, Lang: lang})
}

// LeagueCmd groups the league commands (contract in README.md, "Running a
// league").
type LeagueCmd struct {
	Create      LeagueCreateCmd      `cmd:"" help:"Create a league; prints its id alone on one line."`
	AddEvent    LeagueAddEventCmd    `cmd:"" name:"add-event" help:"Add an event to a league's calendar; serve opens it at its date."`
	Enter       LeagueEnterCmd       `cmd:"" help:"Enter a player in a league as a pilot, in a team."`
	Substitute  LeagueSubstituteCmd  `cmd:"" help:"Name a substitute for a pilot at the league's next event."`
	Team        LeagueTeamCmd        `cmd:"" help:"Set a team's first driver (No. 1); the teammate becomes No. 2."`
	Home        LeagueHomeCmd        `cmd:"" help:"Declare a pilot's home GP (23-C nationality point) before the season's first race."`
	Injuries    LeagueInjuriesCmd    `cmd:"" help:"A pilot plays 20-A rule C's injuries this season (in) or not (out), before its first race."`
	NewPilot    LeagueNewPilotCmd    `cmd:"" name:"new-pilot" help:"Enter a replacement pilot for a pilot hurt, suspended or dead (20-A): a new name, from zero, from the next event."`
	Bid         LeagueBidCmd         `cmd:"" help:"Seal a pilot's bid on the league's next event (1-D qualifying kitty)."`
	Pot         LeaguePotCmd         `cmd:"" help:"Declare a pilot's build total on the league's next event (5-E season build pot)."`
	Transfer    LeagueTransferCmd    `cmd:"" help:"Record a pilot's wish for the market between seasons (25-A): stay, or leave with a list of teams."`
	Newcomer    LeagueNewcomerCmd    `cmd:"" help:"Register a player new to the league for the next season's market (25-A.1): placed last, by dice on his list of 10 teams, else in a team with a free seat."`
	CreateTeam  LeagueCreateTeamCmd  `cmd:"" name:"create-team" help:"Register a team created for the next season (25-A.3), before the penultimate event opens."`
	Transition  LeagueTransitionCmd  `cmd:"" help:"Run the market of a finished season (25-A) and open the next season with its pilots entered."`
	AddContest  LeagueAddContestCmd  `cmd:"" name:"add-contest" help:"Add a qualifying contest (AX-2 side event) to the league's side calendar; serve opens it at its date."`
	AddMarathon LeagueAddMarathonCmd `cmd:"" name:"add-marathon" help:"Add a marathon qualifying (AX-3 side event) to the league's side calendar: its circuits chained in order; serve opens the first at its date, each next one when the last is over."`
	AddBlitz    LeagueAddBlitzCmd    `cmd:"" name:"add-blitz" help:"Add an FD Blitz (AX-5 side event) to the league's side calendar: a knock-out bracket of the entered pilots, each round's matches on a circuit of its pool; serve draws it at its date and opens the heats."`
	AddDragster LeagueAddDragsterCmd `cmd:"" name:"add-dragster" help:"Add a Dragster tournament (AX-1 side event) to the league's side calendar: serve draws the bracket at its date and opens the runs one after the other."`
	Challenge   LeagueChallengeCmd   `cmd:"" name:"challenge" help:"A pilot challenges another to a Fureur de vivre duel (AX-4 side event): once a pair, never a pilot who lost his car in the marsh."`
	Accept      LeagueAcceptCmd      `cmd:"" name:"accept" help:"A pilot accepts a Fureur de vivre challenge (AX-4): the duel opens at once as a game of two seats."`
	Withdraw    LeagueWithdrawCmd    `cmd:"" name:"withdraw" help:"A pilot withdraws a Fureur de vivre challenge not yet accepted (AX-4, --challenge TARGET) or from a Dragster tournament not yet drawn (AX-1, --dragster N)."`
	Forfeit     LeagueForfeitCmd     `cmd:"" name:"forfeit" help:"A pilot gives up his match running in a Dragster tournament (AX-1): the other goes through by walkover; a run under way stops without a result."`
	CancelDrag  LeagueCancelDragCmd  `cmd:"" name:"cancel-dragster" help:"The organiser cancels a Dragster tournament (AX-1): no champion; a run under way stops without a result."`
	Violation   LeagueViolationCmd   `cmd:"" help:"The organiser enters a pilot's configuration violation at a recorded round (5-D): his result there is disqualified; from his second, he is also suspended from the next GP."`
	Fine        LeagueFineCmd        `cmd:"" help:"The organiser fines a pilot (24-C's fines ledger): AMOUNT, a whole number in the league's unit, and a REASON if given; the side trophies rank each pilot's total."`
	PlaceError  LeaguePlaceErrorCmd  `cmd:"" name:"placement-error" help:"The organiser enters a pilot's qualifying placement errors at a recorded round (24-C, R1.12: +10 rolls each); the side trophies rank the error rolls per session."`
	Show        LeagueShowCmd        `cmd:"" help:"Show a league: settings, calendar and entry list."`
	Pilot       LeaguePilotCmd       `cmd:"" help:"Show a pilot's career over every league: seasons, starts, wins, podiums, points, best finish, retirements."`
	Standings   LeagueStandingsCmd   `cmd:"" help:"Show a league's standings: drivers, teams and side rankings."`
	Export      LeagueExportCmd      `cmd:"" help:"Print everything a league holds as JSON, for backup and other tools."`
}

type LeagueCreateCmd struct {
	Name    string   `arg:"" help:"The league's name; its id is the name folded, words joined by dashes."`
	Rules   string   `default:"fdr" enum:"fdr,fd2008,street" help:"Ruleset of every event: fdr (default), fd2008 or street."`
	Variant []string `help:"A league variant id (league-variants.md), once per variant."`
	Points  string   `placeholder:"SCALE" help:"Race points by place, e.g. 10,6,4,3,2,1 (the default, AMB-59)."`
	Lang    string   `default:"en" enum:"en,fr" help:"Language of the league's channels: en or fr."`
	Master  string   `help:"The game master's player name (created when unknown)."`
	// a league's races need a pace: without it a race waits for every order
	Deadline time.Duration `help:"Decision time limit of every event's race, e.g. 48h (default: none, a race waits for every order)."`
	// qualifying is an asynchronous session of its own, with its own pace
	QualifyingDeadline time.Duration `name:"qualifying-deadline" placeholder:"DURATION" help:"Decision time limit of every event's qualifying session, e.g. 24h (default: the race's)."`
}

func (c *LeagueCreateCmd) Run(e *env) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	id, err := svc.CreateLeague(ctx, bot.LeagueRequest{Name: c.Name, Rules: c.Rules, Variants: c.Variant, Points: c.Points, Lang: c.Lang, MasterName: c.Master, Deadline: c.Deadline, QualifyingDeadline: c.QualifyingDeadline})
	if err != nil {
		return userFacing(e, err)
	}
	fmt.Fprintln(e.stdout, id)
	return nil
}

type LeagueAddEventCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Track  string `required:"" help:"Circuit id (pitwall track list)."`
	Date   string `required:"" help:"When serve opens the event: 2026-12-01, 2026-12-01 20:00 (UTC) or RFC 3339."`
	Laps   int    `help:"Laps (default: the ruleset's)."`
	// fd2008's optional qualifying rule for this event; fdr always
	// qualifies
	Qualifying bool `help:"Under fd2008: a qualifying session sets the grid (fdr always has one)."`
	// this event's qualifying pace, when it differs from the league's
	QualifyingDeadline time.Duration `name:"qualifying-deadline" placeholder:"DURATION" help:"Decision time limit of this event's qualifying session, e.g. 12h (default: the league's)."`
}

func (c *LeagueAddEventCmd) Run(e *env) error {
	ctx := context.Background()
	date, err := bot.ParseLeagueDate(c.Date)
	if err != nil {
		return userFacing(e, err)
	}
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	round, err := svc.AddEvent(ctx, c.League, bot.EventRequest{Track: c.Track, Date: date, Laps: c.Laps, Qualifying: c.Qualifying, QualifyingDeadline: c.QualifyingDeadline})
	if err != nil {
		return userFacing(e, err)
	}
	fmt.Fprintf(e.stdout, "round %d: %s on %s\n", round, c.Track, date.Format("2006-01-02 15:04 UTC"))
	return nil
}

type LeagueAddContestCmd struct {
	League string   `arg:"" help:"The league's id or name."`
	Track  []string `required:"" help:"Circuit id (pitwall track list); several, comma-separated or repeated, to draw one from when the contest opens."`
	Date   string   `required:"" help:"When serve opens the contest: 2026-12-01, 2026-12-01 20:00 (UTC) or RFC 3339."`
}

func (c *LeagueAddContestCmd) Run(e *env) error {
	date, err := bot.ParseLeagueDate(c.Date)
	if err != nil {
		return userFacing(e, err)
	}
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		n, err := svc.AddContest(ctx, c.League, date, c.Track...)
		return fmt.Sprintf("contest %d: %s on %s", n, strings.Join(c.Track, " or "), date.Format("2006-01-02 15:04 UTC")), err
	})
}

type LeagueAddMarathonCmd struct {
	League string   `arg:"" help:"The league's id or name."`
	Track  []string `required:"" help:"The circuits chained, in order (pitwall track list): two or more, comma-separated or repeated."`
	Date   string   `required:"" help:"When serve opens the first circuit: 2026-12-01, 2026-12-01 20:00 (UTC) or RFC 3339."`
}

func (c *LeagueAddMarathonCmd) Run(e *env) error {
	date, err := bot.ParseLeagueDate(c.Date)
	if err != nil {
		return userFacing(e, err)
	}
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		n, err := svc.AddMarathon(ctx, c.League, date, c.Track...)
		return fmt.Sprintf("marathon %d: %s from %s", n, strings.Join(c.Track, ", then "), date.Format("2006-01-02 15:04 UTC")), err
	})
}

type LeagueAddBlitzCmd struct {
	League string   `arg:"" help:"The league's id or name."`
	Short  []string `required:"" help:"The short circuits (pitwall track list), comma-separated or repeated: the rounds before the last 16."`
	Medium []string `required:"" help:"The medium circuits: the last 16 and the quarter-finals."`
	Long   []string `required:"" help:"The long circuits: the semi-finals and the final."`
	Date   string   `required:"" help:"When serve draws the bracket and opens the first heats: 2026-12-01, 2026-12-01 20:00 (UTC) or RFC 3339."`
	// Players is the spec's blitz_players.
	Players int `default:"2" help:"blitz_players: the cars of a heat and the pilots of a match, 2 to 10; above 2 a match is one heat per pilot on pole and sends its winner on."`
}

func (c *LeagueAddBlitzCmd) Run(e *env) error {
	date, err := bot.ParseLeagueDate(c.Date)
	if err != nil {
		return userFacing(e, err)
	}
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		n, err := svc.AddBlitz(ctx, c.League, date, c.Short, c.Medium, c.Long, c.Players)
		heat := ""
		if c.Players != 2 {
			heat = fmt.Sprintf(" (%d cars a heat)", c.Players)
		}
		return fmt.Sprintf("Blitz %d%s: short %s, medium %s, long %s, from %s", n, heat, strings.Join(c.Short, " or "), strings.Join(c.Medium, " or "),
			strings.Join(c.Long, " or "), date.Format("2006-01-02 15:04 UTC")), err
	})
}

type LeagueAddDragsterCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Date   string `required:"" help:"When serve draws the bracket and opens the first run: 2026-12-01, 2026-12-01 20:00 (UTC) or RFC 3339."`
}

func (c *LeagueAddDragsterCmd) Run(e *env) error {
	date, err := bot.ParseLeagueDate(c.Date)
	if err != nil {
		return userFacing(e, err)
	}
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		n, err := svc.AddDragster(ctx, c.League, date)
		return fmt.Sprintf("dragster tournament %d from %s", n, date.Format("2006-01-02 15:04 UTC")), err
	})
}

type LeagueChallengeCmd struct {
	League     string `arg:"" help:"The league's id or name."`
	Challenger string `arg:"" help:"The pilot who challenges."`
	Target     string `arg:"" help:"The pilot challenged."`
}

func (c *LeagueChallengeCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		n, err := svc.Challenge(ctx, c.League, c.Challenger, c.Target)
		return fmt.Sprintf("challenge %d: %s challenges %s", n, c.Challenger, c.Target), err
	})
}

type LeagueAcceptCmd struct {
	League     string `arg:"" help:"The league's id or name."`
	Target     string `arg:"" help:"The pilot challenged, who accepts."`
	Challenger string `arg:"" help:"The pilot who challenged."`
}

func (c *LeagueAcceptCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		game, err := svc.AcceptChallenge(ctx, c.League, c.Target, c.Challenger)
		return fmt.Sprintf("%s accepts %s's challenge: duel %s", c.Target, c.Challenger, game), err
	})
}

type LeagueWithdrawCmd struct {
	League    string `arg:"" help:"The league's id or name."`
	Pilot     string `arg:"" help:"The pilot who withdraws."`
	Challenge string `placeholder:"TARGET" xor:"what" required:"" help:"AX-4: the pilot challenged: the challenge, not yet accepted, is withdrawn."`
	Dragster  int    `placeholder:"N" xor:"what" required:"" help:"AX-1: the tournament (from 1), not yet drawn, the pilot withdraws from."`
}

func (c *LeagueWithdrawCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		if c.Dragster != 0 {
			err := svc.WithdrawFromDragster(ctx, c.League, c.Pilot, c.Dragster)
			return fmt.Sprintf("%s withdraws from dragster tournament %d", c.Pilot, c.Dragster), err
		}
		err := svc.WithdrawChallenge(ctx, c.League, c.Pilot, c.Challenge)
		return fmt.Sprintf("%s withdraws the challenge to %s", c.Pilot, c.Challenge), err
	})
}

type LeagueForfeitCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Pilot  string `arg:"" help:"The pilot who gives up his match."`
	Number int    `arg:"" help:"The tournament's number (from 1)."`
}

func (c *LeagueForfeitCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		err := svc.ForfeitDragster(ctx, c.League, c.Pilot, c.Number)
		return fmt.Sprintf("%s forfeits his match in dragster tournament %d", c.Pilot, c.Number), err
	})
}

type LeagueCancelDragCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Number int    `arg:"" help:"The tournament's number (from 1)."`
}

func (c *LeagueCancelDragCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		err := svc.CancelDragster(ctx, c.League, c.Number)
		return fmt.Sprintf("dragster tournament %d cancelled", c.Number), err
	})
}

type LeagueViolationCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Pilot  string `arg:"" help:"The pilot who raced the round."`
	Round  int    `arg:"" help:"The recorded round (from 1) whose result the violation disqualifies."`
}

func (c *LeagueViolationCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		v, err := svc.EnterViolation(ctx, c.League, c.Pilot, c.Round)
		return bot.ViolationReply(v, "en"), err
	})
}

type LeagueFineCmd struct {
	League string   `arg:"" help:"The league's id or name."`
	Pilot  string   `arg:"" help:"The pilot entered in the league."`
	Amount int      `arg:"" help:"The fine, a whole number from 1 to 1000000 in the league's unit."`
	Reason []string `arg:"" optional:"" help:"Why, in a few words."`
}

func (c *LeagueFineCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		return svc.FineLeague(ctx, c.League, c.Pilot, c.Amount, strings.Join(c.Reason, " "))
	})
}

// LeaguePlaceErrorCmd is pitwall league placement-error (24-C's
// placement errors, R1.12).
type LeaguePlaceErrorCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Pilot  string `arg:"" help:"The pilot who drove the round's qualifying."`
	Round  int    `required:"" help:"The round whose qualifying it was, from 1; its result must be recorded."`
	Count  int    `default:"1" help:"The placement errors, 1 to 50."`
}

func (c *LeaguePlaceErrorCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		return svc.EnterPlacementError(ctx, c.League, c.Pilot, c.Round, c.Count)
	})
}

type LeagueEnterCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Player string `arg:"" help:"The player's name (created when unknown)."`
	Team   string `help:"The team (two pilots a team)."`
	Pilot  string `help:"The pilot's name (default: the player's)."`
	Number int    `help:"Car number, 1 to 99 (default: the next free one)."`
}

func (c *LeagueEnterCmd) Run(e *env) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	if err := svc.EnterLeague(ctx, bot.EnterRequest{League: c.League, Player: c.Player, Team: c.Team, Pilot: c.Pilot, Number: c.Number}); err != nil {
		return userFacing(e, err)
	}
	v, err := svc.League(ctx, c.League)
	if err != nil {
		return err
	}
	last := v.Entries[len(v.Entries)-1]
	for _, entry := range v.Entries {
		if c.Pilot != "" && entry.Pilot == strings.TrimSpace(c.Pilot) {
			last = entry // 20-A: a dead pilot's successor takes his entry, not the last one
		}
	}
	fmt.Fprintf(e.stdout, "%s enters %s as %s, car %d", c.Player, v.Name, last.Pilot, last.Number)
	if last.Team != "" {
		seat := map[int]string{1: "first", 2: "second"}[last.Seat]
		fmt.Fprintf(e.stdout, ", %s driver of %s", seat, last.Team)
	}
	fmt.Fprintln(e.stdout)
	return nil
}

type LeagueSubstituteCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Name   string `arg:"" help:"The substitute's player name."`
	For    string `required:"" help:"The absent pilot (or player) whose car the substitute drives."`
}

func (c *LeagueSubstituteCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		round, err := svc.SubstituteLeague(ctx, c.League, c.Name, c.For)
		return fmt.Sprintf("%s drives for %s in round %d", c.Name, c.For, round), err
	})
}

type LeagueTeamCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Team   string `arg:"" help:"The team's name."`
	First  string `required:"" placeholder:"PILOT" help:"The pilot (or player) who becomes the team's first driver, No. 1; car numbers do not change."`
}

func (c *LeagueTeamCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		team, pilot, err := svc.SetFirstDriver(ctx, c.League, c.Team, c.First)
		return fmt.Sprintf("%s is the first driver of %s", pilot, team), err
	})
}

type LeagueBidCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Pilot  string `arg:"" help:"The pilot (or player)."`
	Amount string `arg:"" help:"The bid: whole points of the pilot's kitty, from 0 to what is left; under 1-D allocation=upfront the whole split before GP1, one bid a race in order: 120/0/80."`
}

func (c *LeagueBidCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		if strings.Contains(c.Amount, "/") { // 1-D's split up front
			return svc.PlaceSplit(ctx, c.League, c.Pilot, c.Amount)
		}
		n, err := strconv.Atoi(c.Amount)
		if err != nil {
			return "", fmt.Errorf("the bid %q is not a whole number (nor a split such as 120/0/80)", c.Amount)
		}
		return svc.PlaceBid(ctx, c.League, c.Pilot, n)
	})
}

type LeaguePotCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Pilot  string `arg:"" help:"The pilot (or player)."`
	Total  int    `arg:"" help:"The build total for the next event: 18 to 24 (18 to 22 on the car, 0 to 2 in the pits)."`
}

func (c *LeaguePotCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		return svc.DeclareBuildTotal(ctx, c.League, c.Pilot, c.Total)
	})
}

type LeagueTransferCmd struct {
	League string   `arg:"" help:"The league's id or name."`
	Pilot  string   `arg:"" help:"The pilot (or player)."`
	Leave  []string `placeholder:"TEAM" xor:"list" help:"Leave, with this list of teams (comma-separated or repeated); without it the pilot asks to stay."`
	Ousted []string `placeholder:"TEAM" xor:"list" help:"Staying, his list of 10 teams (3 of this season, 3 created) should the champion take his seat (25-A.1)."`
}

func (c *LeagueTransferCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		if len(c.Leave) == 0 {
			return svc.DeclareTransfer(ctx, c.League, c.Pilot, false, c.Ousted)
		}
		return svc.DeclareTransfer(ctx, c.League, c.Pilot, true, c.Leave)
	})
}

type LeagueNewcomerCmd struct {
	League string   `arg:"" help:"The league's id or name: the season whose market he joins."`
	Player string   `arg:"" help:"The newcomer's player name (created when unknown)."`
	Pilot  string   `help:"His pilot's name; his latest pilot's, else the player's name, by default."`
	List   []string `placeholder:"TEAM" help:"His list of 10 teams, 3 of this season and 3 created (comma-separated or repeated); without it a team with a free seat by the d20s."`
}

func (c *LeagueNewcomerCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		return svc.RegisterNewcomer(ctx, c.League, c.Player, c.Pilot, c.List)
	})
}

type LeagueCreateTeamCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Team   string `arg:"" help:"The new team's name."`
}

func (c *LeagueCreateTeamCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		team, err := svc.CreateTeam(ctx, c.League, c.Team)
		return fmt.Sprintf("%s is registered for the next season's market.", team), err
	})
}

type LeagueTransitionCmd struct {
	League string `arg:"" help:"The league's id or name: a season every event of which has its result."`
	Next   string `arg:"" help:"The next season's name (a new league with the same rules, variants and points)."`
}

func (c *LeagueTransitionCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		return svc.Transition(ctx, c.League, c.Next)
	})
}

// leagueReply opens the service, runs one league command and prints its
// reply, or its refusal as a sentence.
func leagueReply(e *env, do func(ctx context.Context, svc *bot.Service) (string, error)) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	reply, err := do(ctx, svc)
	if err != nil {
		return userFacing(e, err)
	}
	fmt.Fprintln(e.stdout, strings.TrimRight(reply, "\n"))
	return nil
}

type LeagueHomeCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Pilot  string `arg:"" help:"The pilot (or player)."`
	Round  int    `required:"" help:"The round (from 1) of the pilot's home GP, where he gets one piloting point (23-C)."`
}

func (c *LeagueHomeCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		pilot, err := svc.SetHomeRound(ctx, c.League, c.Pilot, c.Round)
		return fmt.Sprintf("%s gets the nationality point at round %d", pilot, c.Round), err
	})
}

type LeagueInjuriesCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Pilot  string `arg:"" help:"The pilot (or player)."`
	Choice string `arg:"" enum:"in,out" help:"in: the pilot's accidents are tested under 20-A rule C; out: they are not."`
}

func (c *LeagueInjuriesCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		pilot, err := svc.SetInjuryOptIn(ctx, c.League, c.Pilot, c.Choice == "in")
		return bot.InjuryOptInReply(pilot, c.Choice == "in", "en"), err
	})
}

type LeagueNewPilotCmd struct {
	League string `arg:"" help:"The league's id or name."`
	Pilot  string `arg:"" help:"The pilot (or player) hurt, suspended or dead."`
	Name   string `arg:"" help:"The replacement pilot's name: one nobody has raced under."`
}

func (c *LeagueNewPilotCmd) Run(e *env) error {
	return leagueReply(e, func(ctx context.Context, svc *bot.Service) (string, error) {
		return svc.EnterReplacement(ctx, c.League, c.Pilot, c.Name)
	})
}

type LeaguePilotCmd struct {
	Name string `arg:"" help:"The pilot's name, or a player's (their latest pilot)."`
	JSON bool   `name:"json" help:"Print JSON: pilot, player, number, team, seasons, starts, wins, podiums, points, best_finish, dnfs, dsq, titles, history (one record a league)."`
	Lang string `enum:"en,fr" default:"en" help:"Language of the text: en or fr."`
}

func (c *LeaguePilotCmd) Run(e *env) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	v, err := svc.PilotCareer(ctx, c.Name)
	if err != nil {
		return userFacing(e, err)
	}
	if c.JSON {
		return printJSON(e, v)
	}
	fmt.Fprint(e.stdout, v.Text(c.Lang))
	return nil
}

type LeagueShowCmd struct {
	League string `arg:"" help:"The league's id or name."`
	JSON   bool   `name:"json" help:"Print JSON: id, name, rules, variants, points, lang, master, events, entries, black_flags, channels, created, config_violations (5-D)."`
}

func (c *LeagueShowCmd) Run(e *env) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	v, err := svc.League(ctx, c.League)
	if err != nil {
		return userFacing(e, err)
	}
	if c.JSON {
		return printJSON(e, v)
	}
	fmt.Fprint(e.stdout, v.Text(v.Lang))
	return nil
}

type LeagueStandingsCmd struct {
	League string `arg:"" help:"The league's id or name."`
	JSON   bool   `name:"json" help:"Print JSON: league, name, events, rounds, drivers, teams, qualifying, qualifying_teams, media, media_teams, pas_de_bol; each row with position, name, points, moved and results per event."`
	Lang   string `enum:"en,fr," default:"" help:"Language of the text or image (default: the league's)."`
	PNG    bool   `name:"png" help:"Write the standings image (PNG) to the file -o names instead of printing."`
	Output string `short:"o" placeholder:"FILE" help:"The PNG file to write, with --png."`
}

func (c *LeagueStandingsCmd) Run(e *env) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	if c.PNG {
		if c.Output == "" {
			fmt.Fprintln(e.stderr, "--png needs -o FILE")
			return exitError{1}
		}
		var buf bytes.Buffer
		if err := svc.LeagueStandingsPNG(ctx, c.League, c.Lang, standingsRenderer{standings.New()}, &buf); err != nil {
			return userFacing(e, err)
		}
		return os.WriteFile(c.Output, buf.Bytes(), 0o644)
	}
	st, err := svc.LeagueStandings(ctx, c.League)
	if err != nil {
		return userFacing(e, err)
	}
	if c.JSON {
		return printJSON(e, st)
	}
	lang := c.Lang
	if lang == "" {
		v, err := svc.League(ctx, c.League)
		if err != nil {
			return err
		}
		lang = v.Lang
	}
	fmt.Fprint(e.stdout, st.Text(lang))
	return nil
}

type LeagueExportCmd struct {
	League string `arg:"" help:"The league's id or name."`
}

func (c *LeagueExportCmd) Run(e *env) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	b, err := svc.LeagueExport(ctx, c.League)
	if err != nil {
		return userFacing(e, err)
	}
	fmt.Fprintln(e.stdout, string(b))
	return nil
}

// printJSON writes v as indented JSON, a line of its own: every --json
// output of the commands.
func printJSON(e *env, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, string(b))
	return nil
}
