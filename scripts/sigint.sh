#!/usr/bin/env bash
# sigint.sh: Ctrl-C at a random moment in every long-running command
# (issue 19). For each command, in text and in JSON, it starts branchwise,
# waits a random 0.5 to 3 s, sends SIGINT and checks: exit status 130
# within one second, something printed on stdout (the partial results; one
# valid JSON object with --json), and no process left running.
#
# Usage: scripts/sigint.sh [path/to/branchwise]   (default: go build it)
set -u
bin=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$bin" ]; then
	bin=$work/branchwise
	go build -o "$bin" ./cmd/branchwise || exit 1
fi
# A logic grid whose one clue of twelve attributes takes hours to enumerate.
{
	echo "pos: 1 2 3 4 5 6 7 8 (numeric)"
	for c in 0 1 2 3 4 5; do
		printf "c$c:"; for v in 0 1 2 3 4 5 6 7; do printf " c${c}v$v"; done; echo
	done
	echo "c0v0.pos + c0v1.pos + c1v0.pos + c1v1.pos + c2v0.pos + c2v1.pos + c3v0.pos + c3v1.pos + c4v0.pos + c4v1.pos + c5v0.pos + c5v1.pos > 0"
} > "$work/h3.txt"
# An exact cover problem that takes long: the pentominoes in 6x10, all solutions.
"$bin" pack pentomino-6x10 --dlx "$work/p.dlx" > /dev/null 2>&1 || true

cmds=(
	"tiles solve --algo ida korf:88"
	"tiles solve --algo astar korf:88"
	"pack heptiamond-pp24 --count"
	"estimate pentomino-6x10 --method knuth --samples 100000000"
	"estimate pentomino-6x10 --method frontier --samples 20000"
	"logic solve $work/h3.txt"
	"logic solve $work/h3.txt --xcover"
	"logic bf $work/h3.txt"
	"gaps solve --seed 2 --columns 13 --algo bf1-1.8"
	"gaps solve --seed 2 --columns 13 --algo dfid"
	"gaps survey --columns 8 --deals 200"
)
if [ -s "$work/p.dlx" ]; then cmds+=("dlx $work/p.dlx --count"); fi
pass=0 fail=0
printf "%-62s %-5s %6s %5s %7s %s\n" command mode delay exit seconds verdict
for c in "${cmds[@]}"; do
	for mode in text json; do
		extra=""
		[ $mode = json ] && extra="--json"
		delay=$(awk -v s=$RANDOM 'BEGIN{srand(s); printf "%.2f", 0.5+2.5*rand()}')
		$bin $c $extra > "$work/out" 2> "$work/err" &
		pid=$!
		sleep "$delay"
		if ! kill -0 $pid 2>/dev/null; then
			wait $pid; st=$?
			printf "%-62s %-5s %6s %5s %7s %s\n" "${c/$work\//}" $mode $delay $st - "finished before the signal"
			continue
		fi
		t0=$(date +%s.%N)
		kill -INT $pid
		for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.02; done
		t1=$(date +%s.%N)
		verdict=ok
		if kill -0 $pid 2>/dev/null; then
			verdict="still running after 2 s"
			kill -KILL $pid
		fi
		wait $pid; st=$?
		secs=$(awk -v a=$t0 -v b=$t1 'BEGIN{printf "%.2f", b-a}')
		[ $st = 130 ] || verdict="exit $st, want 130"
		awk -v s=$secs 'BEGIN{exit !(s > 1)}' && verdict="took ${secs}s"
		[ -s "$work/out" ] || verdict="nothing on stdout"
		if [ $mode = json ] && [ -s "$work/out" ]; then
			python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$work/out" 2>/dev/null || verdict="stdout is not one JSON object"
		fi
		if pgrep -P $$ -f "$bin" > /dev/null; then verdict="a process left running"; fi
		[ "$verdict" = ok ] && pass=$((pass+1)) || fail=$((fail+1))
		printf "%-62s %-5s %6s %5s %7s %s\n" "${c/$work\//}" $mode $delay $st $secs "$verdict"
	done
done
echo "passed $pass, failed $fail"
[ $fail = 0 ]
