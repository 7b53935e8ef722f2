package dev.taskgate.e2e;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.awaitility.core.ConditionTimeoutException;

import static org.awaitility.Awaitility.await;

/**
 * SIGKILLs chaos nodes at moments and in an order drawn from a seeded {@link Random}, each kind at least once (the
 * first three kills are one of each, in a random order), never both instances of a kind at once; every victim is
 * started again after a short pause. For a worker-pool kill it measures, per execution the killed worker held, the
 * time from the SIGKILL until job-control settled it (terminal, or moved to a later epoch).
 */
final class ChaosKiller implements Runnable {
    /** One kill; {@code held} only for a worker-pool. */
    record Kill(ChaosNode.Kind kind, String node, long atNanos, String instanceId, List<ChaosDb.Held> held) {}

    private static final long SETTLE_BOUND_NANOS = TimeUnit.SECONDS.toNanos(120);

    private final long seed;
    private final ChaosCluster cluster;
    private final int minKills;
    private final int maxKills;
    private final long untilNanos;
    private final long lastChanceNanos;
    private final List<Kill> kills = Collections.synchronizedList(new ArrayList<>());
    private final ConcurrentLinkedQueue<Long> settleMillis = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();

    /**
     * @param untilNanos      no kill starts after this moment once {@code minKills} happened
     * @param lastChanceNanos the moment after which no kill starts at all (slow restarts on a loaded machine can
     *                        delay the minimum past {@code untilNanos})
     */
    ChaosKiller(long seed, ChaosCluster cluster, int minKills, int maxKills, long untilNanos, long lastChanceNanos) {
        this.seed = seed;
        this.cluster = cluster;
        this.minKills = minKills;
        this.maxKills = maxKills;
        this.untilNanos = untilNanos;
        this.lastChanceNanos = lastChanceNanos;
    }

    List<Kill> kills() {
        return List.copyOf(kills);
    }

    List<Long> settleMillis() {
        return List.copyOf(settleMillis);
    }

    /** Restarts that failed, settlements that did not happen in time, unexpected errors. */
    List<String> problems() {
        return List.copyOf(problems);
    }

    @Override
    public void run() {
        Random random = new Random(seed);
        List<ChaosNode.Kind> firsts = new ArrayList<>(List.of(ChaosNode.Kind.values()));
        Collections.shuffle(firsts, random);
        ExecutorService helpers = Executors.newCachedThreadPool();
        try {
            for (int k = 0; k < maxKills && mayKill(k); k++) {
                Thread.sleep(3000 + random.nextInt(3000));
                ChaosNode.Kind kind = k < firsts.size()
                        ? firsts.get(k)
                        : ChaosNode.Kind.values()[random.nextInt(ChaosNode.Kind.values().length)];
                List<ChaosNode> siblings = cluster.of(kind);
                int pick = random.nextInt(siblings.size());
                long pauseMillis = 1000 + random.nextInt(2000);
                if (!awaitAllUp(siblings)) {
                    break;
                }
                ChaosNode victim = kind == ChaosNode.Kind.WORKER ? busiestFirst(siblings, pick) : siblings.get(pick);
                long at = System.nanoTime();
                String instanceId = victim.kill();
                List<ChaosDb.Held> held = kind == ChaosNode.Kind.WORKER ? ChaosDb.heldBy(instanceId) : List.of();
                kills.add(new Kill(kind, victim.name(), at, instanceId, held));
                System.out.printf("chaos: kill %d: %s (%s) held=%d%n", k + 1, victim.name(), instanceId, held.size());
                if (!held.isEmpty()) {
                    helpers.submit(() -> measureSettlement(at, held));
                }
                helpers.submit(() -> restart(victim, pauseMillis));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            problems.add("killer failed: " + e);
        } finally {
            helpers.shutdown();
            try {
                if (!helpers.awaitTermination(240, TimeUnit.SECONDS)) {
                    problems.add("restarts or settlements still running after 240 s");
                    helpers.shutdownNow();
                }
            } catch (InterruptedException e) {
                helpers.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The worker drawn, unless it holds no running execution and its sibling does: a kill of an idle worker proves
     * little about recovery.
     */
    private static ChaosNode busiestFirst(List<ChaosNode> workers, int pick) throws SQLException {
        ChaosNode drawn = workers.get(pick);
        if (!ChaosDb.heldBy(drawn.instanceId()).isEmpty()) {
            return drawn;
        }
        for (ChaosNode other : workers) {
            if (other != drawn && !ChaosDb.heldBy(other.instanceId()).isEmpty()) {
                return other;
            }
        }
        return drawn;
    }

    private boolean mayKill(int done) {
        long now = System.nanoTime();
        return now < untilNanos || (done < minKills && now < lastChanceNanos);
    }

    /** Waits (bounded by the killer's last chance) until every instance of a kind is up again. */
    private boolean awaitAllUp(List<ChaosNode> siblings) {
        long remaining = lastChanceNanos - System.nanoTime();
        if (remaining <= 0) {
            return siblings.stream().allMatch(ChaosNode::isUp);
        }
        try {
            await().atMost(Duration.ofNanos(remaining))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> siblings.stream().allMatch(ChaosNode::isUp));
            return true;
        } catch (ConditionTimeoutException e) {
            return false;
        }
    }

    private void restart(ChaosNode victim, long pauseMillis) {
        try {
            Thread.sleep(pauseMillis);
            victim.start();
        } catch (Exception e) {
            problems.add("restart of " + victim.name() + " failed: " + e);
        }
    }

    private void measureSettlement(long killedAt, List<ChaosDb.Held> held) {
        Map<UUID, Long> settled = new ConcurrentHashMap<>();
        long remaining = SETTLE_BOUND_NANOS - (System.nanoTime() - killedAt);
        try {
            await().atMost(Duration.ofNanos(Math.max(remaining, 1)))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        for (UUID id : ChaosDb.settled(held)) {
                            settled.putIfAbsent(id, (System.nanoTime() - killedAt) / 1_000_000);
                        }
                        return settled.size() == held.size();
                    });
        } catch (ConditionTimeoutException e) {
            // reported below with the count of executions that did not settle
        } catch (Exception e) {
            problems.add("settlement measurement failed: " + e);
        }
        settleMillis.addAll(settled.values());
        if (settled.size() < held.size()) {
            problems.add((held.size() - settled.size()) + " executions of a killed worker not settled within 120 s");
        }
    }
}
