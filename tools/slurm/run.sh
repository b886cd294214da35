#!/usr/bin/env bash
# Proves the batch path on one machine: starts a single-node Slurm cluster (munge and Slurm
# from Debian's slurm-wlm, as root), runs a 4-shard datagen and a 4-shard arena match as job
# arrays, merges each, and checks the merged sets against the same runs made here whole;
# then runs a small `train generation --runner slurm` and rebuilds its net here from its row.
#
# usage: tools/slurm/run.sh <tabula binary> <arena binary> <train binary> [work dir]
# Installs slurm-wlm and munge with apt-get when they are missing. Leaves nothing running.
set -euo pipefail

tabula=$(realpath "$1")
arena=$(realpath "$2")
train=$(realpath "$3")
work=$(realpath -m "${4:-$(mktemp -d /tmp/tabula-slurm.XXXXXX)}")
if [ "$(id -u)" != 0 ]; then
    echo "run.sh starts munged, slurmctld and slurmd, so it runs as root" >&2
    exit 1
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
mkdir -p "$work"/{state,spool,log,out}
host=$(hostname -s)

# munge: a key of our own and a daemon on our own socket, so a running one is left alone.
dd if=/dev/urandom bs=1 count=1024 of="$work/munge.key" status=none
chmod 400 "$work/munge.key"
socket="$work/munge.socket"
munged --key-file="$work/munge.key" --socket="$socket" --pid-file="$work/munged.pid" \
    --log-file="$work/log/munged.log" --seed-file="$work/munge.seed" --force

cat > "$work/slurm.conf" <<CONF
ClusterName=tabula
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
export SLURM_CONF="$work/slurm.conf"

stop() {
    scancel --quiet --user=root 2>/dev/null || true
    for pid in slurmd slurmctld munged; do
        [ -f "$work/$pid.pid" ] && kill "$(cat "$work/$pid.pid")" 2>/dev/null || true
    done
}
trap stop EXIT
slurmctld -i
slurmd
for _ in $(seq 60); do
    state=$(sinfo -h -n "$host" -o %t 2>/dev/null || true)
    case "$state" in idle*|mix*|alloc*) break ;; esac
    sleep 1
done
sinfo

game=dimraw
data=(--game "$game" datagen --games 8 --nodes 400 --plies 6 --seed 5)
match=(match --game "$game" --engine "cmd=$tabula" name=ab --engine "cmd=$tabula" name=mcts
    option.Search=mcts --each nodes=200 --games 8 --openings random=4 count=4 --seed 3)

# Job arrays: shard k of 4 is array task k.
sbatch --wait --array=1-4 --output="$work/out/data-%a.log" --wrap \
    "$tabula ${data[*]} --shard \$SLURM_ARRAY_TASK_ID/4 --out $work/data.\$SLURM_ARRAY_TASK_ID"
sbatch --wait --array=1-4 --output="$work/out/match-%a.log" --wrap \
    "$arena ${match[*]} --shard \$SLURM_ARRAY_TASK_ID/4 --records $work/match.\$SLURM_ARRAY_TASK_ID"

"$tabula" datagen-merge --shuffle 0 --out "$work/data.merged" "$work"/data.{1,2,3,4}
"$arena" merge "$work"/match.{1,2,3,4} | tee "$work/match.merged"

# The same runs, whole, here.
"$tabula" "${data[@]}" --out "$work/data.whole" 2>/dev/null
"$arena" "${match[@]}" --records "$work/match.whole" > "$work/match.whole.out"
# Records compare as sorted hex lines; the header (48 bytes) gives the record size (u16 at 10).
sorted() {
    local width
    width=$(od -An -tu2 -j10 -N2 "$1" | tr -d ' ')
    od -An -v -w"$width" -tx1 -j48 "$1" | sort
}
if ! cmp -s <(sorted "$work/data.merged") <(sorted "$work/data.whole"); then
    echo "the merged data set differs from the whole run" >&2
    exit 1
fi
whole=$(sed -n '/^-----/,/^-----/p' "$work/match.whole.out" | tail -n +2 | head -n -1)
merged=$(sed -n '/^-----/,/^-----/p' "$work/match.merged" | tail -n +2 | head -n -1)
if [ "$whole" != "$merged" ] || [ -z "$whole" ]; then
    echo "the merged match differs from the whole match:" >&2
    printf '%s\n--\n%s\n' "$whole" "$merged" >&2
    exit 1
fi
echo "slurm: 4-shard datagen and 4-shard match merged equal their whole runs ($work)"

# A generation whose data and gate are job arrays; its row rebuilds the same net here.
generation=(generation --game "$game" --parent classic --tabula "$tabula" --arena "$arena"
    --shards 3 --datagen "--games 6 --nodes 200 --plies 4" --seed 4
    --train "--hidden 16 --epochs 2 --batch 256" --gate-shards 2
    --gate "--each nodes=100 --games 4 --openings random=4 --seed 2"
    --ledger "$work/generations.tsv")
"$train" "${generation[@]}" --runner slurm --work "$work/generation" | tee "$work/generation.out"
grep -q "^generation 1 of $game: " "$work/generation.out"
"$train" "${generation[@]}" --runner local --work "$work/rebuilt" --rebuild 1 | tee "$work/rebuilt.out"
grep -q "rebuilt byte for byte" "$work/rebuilt.out"
echo "slurm: a generation ran its data and gate as job arrays and its row rebuilt its net"
