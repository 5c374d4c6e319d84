# Step timing for .ci/run: `step NAME` starts a step (and ends the one before); when the script
# exits, for whatever reason, `print_step_times` lists each step's seconds, the failed one marked,
# so a run shows what took its time, also when it stopped early.
ci_start=$(date +%s)
ci_step=""
ci_step_start=$ci_start
ci_times=()

step() {
  end_step
  ci_step="$1"
  ci_step_start=$(date +%s)
  printf '\n==> %s (%ss)\n' "$1" "$((ci_step_start - ci_start))"
}

# Records the running step's time; an argument is added to its name (such as " (failed)").
end_step() {
  [ -n "$ci_step" ] || return 0
  ci_times+=("$(($(date +%s) - ci_step_start))|$ci_step${1:-}")
  ci_step=""
}

print_step_times() {
  local status=$1 entry
  if [ "$status" -eq 0 ]; then end_step; else end_step " (failed, exit $status)"; fi
  printf '\n%8s  %s\n' "seconds" "step"
  for entry in "${ci_times[@]}"; do printf '%8s  %s\n' "${entry%%|*}" "${entry#*|}"; done
  printf '%8s  %s\n' "$(($(date +%s) - ci_start))" "total"
}
