"""text.words: every text the handheld shows, in Danish and English (the default) - the one table.

A line per text: key|Danish|English. strings.py serves it (t(key)); it reads this module when the
language is set and keeps only that language's lines, so the heap holds one language, and this
module is not kept loaded. A screen line holds 16 characters; menu labels stay short so a value
fits beside them. gfx draws æ ø å.
"""
TABLE = """
title|Terningebæger|Dice cup
snyd|Snyd|Snyd
snyd_kids|Snyd for børn|Snyd for kids
yatzy|Yatzy|Yatzy
settings|Indstillinger|Settings
stats|Statistik|Statistics
v_standard|Yatzy|Yatzy
v_maxi|Maxi-Yatzy|Maxi Yatzy
v_yahtzee|Yahtzee|Yahtzee
v_triple|Tredobbelt|Triple
v_team|Holdspil|Team play
v_team3|3 hold|3 teams
v_team4|4 hold|4 teams
bots|Bots|Bots
people|Personer|People
level|Niveau|Level
kids|børn|kids
easy|let|easy
normal|normal|normal
hard|svær|hard
start|Start!|Start!
bot|Bot|Bot
player|Spiller|Player
you|Dig|You
team|Hold|Team
need_two|Holdspil kræver mindst to spillere|Team play needs at least two players
ok_back|OK: tilbage|OK: back
crashed|Der er en fejl|Something failed
ok_restart|OK: genstart|OK: restart
no_room|For lidt hukommelse til det på denne enhed|Too little memory on this board for that
no_room_t|For lidt hukommelse til bordet: brug et S3- eller WROVER-kort|Too little memory for the table: it needs an ESP32-S3 or WROVER board
lang|Sprog|Language
lang_name|Dansk|English
name|Navn|Name
first_name|Dit navn?|Your name?
sound|Lyd|Sound
coach|Træner|Coach
hard_no_table|Svær uden tabel:|Hard: no table,
plays_normal|spiller normalt|plays as normal
coach_box|felt|box
coach_all|felt+hold|box+hold
coach_ok|Træner: det bedste valg!|Coach: the best choice!
coach_say|Træner: bedst %s. Dit valg koster %s point|Coach: best %s. Yours costs %s points
coach_hold|hold|hold
coach_all_dice|slå alle|roll all
coach_lost|Træner tab|Coach lost
contrast|Kontrast|Contrast
sleep|Dvale|Sleep
never|aldrig|never
cup|Bæger|Cup
hidden|skjult|hidden
shown|åbent|open
snyd_rules|Snyd-regler|Snyd rules
maxi_rules|Maxi-regler|Maxi rules
dice|Terninger|Dice
jokers|1'ere vilde|Ones wild
palifico|PALIFICO|PALIFICO
calza|Calza|Calza
open_on_ones|Åbn på 1'ere|Open on ones
calza_by|Calza af|Calza by
by_others|andre|others
by_any|alle|anyone
by_turn|turen|on turn
count_scope|Tæl|Count
scope_table|bordet|table
scope_nb|naboer|neighbours
bonus|Bonus|Bonus
saved_rolls|Gem slag|Save rolls
on|ja|on
off|nej|off
played_won|spil/vundet|played/won
best|Bedste Yatzy|Best Yatzy
st_kids|Snyd børn|Snyd kids
name_help1|op/ned OK næste|up/down OK next
name_help2|Hold OK: gem|Hold OK: save
your_turn|Din tur!|Your turn!
turn_of|Tur: |Turn: 
bid|Bud|Bid
no_bid|Intet bud endnu|No bid yet
you_out|Du er ude|You are out
hint_move|OK:træk <hold:se|OK:move <:look
hint_calza|OK: calza!|OK: calza!
hint_peek|Hold TILBAGE: se|Hold BACK: look
ok_skip|OK: afslut|OK: finish
mv_bid|Byd|Bid
mv_snyd|Snyd!|Snyd!
mv_calza|Calza!|Calza!
mv_show|viste terning|showed a die
mv_quit|Forlad spillet|Leave the game
quit_q|Forlad spil?|Quit the game?
yes|Ja|Yes
no|Nej|No
your_bid|Dit bud|Your bid
last|Sidste|Last
hint_pick|op/ned  OK: byd|up/down  OK: bid
hint_have|Har %d +%s af %d|Got %d +%s of %d
p_holds|Holder|Holds
p_exact|Præcis|Exact
dec|,|.
hints|Bud-hjælp|Bid hints
count|tal:|count:
loses|mister 1|loses 1
gains|får 1|gains 1
you_loses|Du mister 1|You lose 1
you_gains|Du får 1|You gain 1
you_is_out|Du er ude|You are out
hint_reveal|op/ned OK:videre|up/down OK:go on
exact|Præcis!|Exact!
round|Runde|Round
is_out|er ude|is out
palifico_next|PALIFICO næste!|PALIFICO next!
next|Starter:|Opens:
ok_next|OK: videre|OK: go on
game_over|Spillet er slut|Game over
you_won|Du vandt!|You won!
won|vandt|won
you_left|Du er ude|You are out
ok_menu|OK: menu|OK: menu
ok_roll|OK: slå|OK: roll
thinking|tænker...|thinking...
roll_of|Slag %d af %d|Roll %d of %d
a_roll|Slå|Roll
a_score|Skriv|Score
a_card|Tavle|Card
points|Point|Points
choose_box|Vælg felt|Choose a box
upper|Sum|Upper
total|I alt|Total
card_back|TILBAGE: tavle|BACK: card
b_ones|1'ere|Ones
b_twos|2'ere|Twos
b_threes|3'ere|Threes
b_fours|4'ere|Fours
b_fives|5'ere|Fives
b_sixes|6'ere|Sixes
b_one_pair|1 par|One pair
b_two_pairs|2 par|Two pairs
b_three_pairs|3 par|Three pairs
b_three_of_a_kind|3 ens|3 of a kind
b_four_of_a_kind|4 ens|4 of a kind
b_five_of_a_kind|5 ens|5 of a kind
b_small_straight|Lille str.|Sm straight
b_large_straight|Stor str.|Lg straight
b_full_straight|Fuld str.|Full str.
b_full_house|Hus|Full house
b_castle|Slot|Castle
b_tower|Tårn|Tower
b_chance|Chance|Chance
b_yatzy|Yatzy|Yatzy
b_yahtzee|Yahtzee|Yahtzee
table|Bord|Table
t_create|Opret bord|Create table
t_join|Find bord|Join a table
t_game|Spil|Game
t_open|Åbn bordet|Open the table
t_add_bot|+ Bot|+ Bot
t_need_n|Min. %d pladser|Needs %d seats
t_code_wait|Koden mangler|Code not ready
t_close_q|Luk bordet?|Close table?
t_leave_q|Forlad bordet?|Leave table?
t_seat|Plads|Seat
t_up|Flyt op|Move up
t_down|Flyt ned|Move down
t_remove|Fjern|Remove
t_looking|Leder efter bord|Looking...
t_joining|Sætter mig...|Joining...
t_admit|Ja?|Yes?
t_code|Kode|Code
t_code_why|Kode=de siddende|Code=all seated
t_forfeit|Fortabt:|Forfeit:
t_bad_secret|falsk|false secret
t_too_late|for sent|too late
t_back_cancel|Tilbage: fortryd|Back: cancel
t_wait_start|Venter på start|Waiting to start
t_host_gone|Værten er væk|The host is gone
t_paused|Pause|Paused
t_wait|Vent|Wait
t_to_bot|Giv til bot|Give to a bot
t_missing|Mangler:|Missing:
t_forked|Loggene er uens|Logs differ
t_at|Hos:|At:
t_heard|Høres stadig: %s. Vent, eller forlad bordet|Still heard: %s. Wait, or leave the table
t_cheat|Snyd opdaget:|Cheat found:
t_void|Ugyldig runde|Round void
t_dealing|Ryster bægrene|Shaking cups
t_watching|Du ser på|Watching
t_late|For sent!|Too late!
t_first|kom først:|came first:
t_bot_seat1|En bot har din|A bot has your
t_bot_seat2|plads i spillet|seat this game
t_left_out|Ikke ved bordet|Not at the table
bat_low|Lavt batteri|Battery low
bat_crit|Batteri tomt!|Battery empty!
bat_soon|Oplad snart|Charge it soon
bat_now|Oplad nu!|Charge it now!
bat_saved|Spillet er gemt|Game saved
open_die|Åben terning|Open die
od_title|Vis en terning|Show one die
od_hint|op/ned OK: vis|up/down OK: show
t_show_wait|Terninger vises|Dice laid open
tip_hold|OK: foreslå hold|OK: suggest hold
tip_box|foreslå felt|suggest a box
"""
