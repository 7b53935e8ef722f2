package dev.taskgate.worker.pool.sandbox;

import java.nio.file.Path;
import java.util.List;

/**
 * The unprivileged user a root worker starts its children as, switched to with {@code setpriv}: real, effective
 * and saved ids, the user's primary group only (supplementary groups cleared, so root's groups do not leak), and
 * {@code no_new_privs}, so no set-uid program can lead back to root.
 *
 * @param name the account name (or number) as configured
 * @param uid  its user id, never 0
 * @param gid  its primary group id
 */
public record ChildUser(String name, int uid, int gid) {

    public ChildUser {
        if (uid == 0) {
            throw new IllegalArgumentException("the child user must not be root: " + name);
        }
    }

    /** The {@code setpriv} command that runs the command that follows it as this user. */
    public List<String> setprivPrefix(Path setpriv) {
        return List.of(
                setpriv.toString(), "--reuid=" + uid, "--regid=" + gid, "--clear-groups", "--no-new-privs", "--");
    }

    /**
     * Looks {@code name} up in the system's user database ({@code getent passwd}, so NSS sources count too).
     *
     * @throws IllegalStateException when there is no such user, or it is root
     */
    static ChildUser lookUp(String name, HostTools tools) {
        Path getent = tools.require("getent", "looking up the child user");
        HostCommand.Result result =
                HostCommand.run(List.of(getent.toString(), "passwd", name), tools.probeEnvironment());
        if (!result.succeeded() || result.stdout().isBlank()) {
            throw new IllegalStateException("no such user '" + name + "'");
        }
        // name:password:uid:gid:gecos:home:shell
        String[] fields = result.stdout().lines().findFirst().orElse("").split(":", -1);
        if (fields.length < 4) {
            throw new IllegalStateException("cannot read the passwd entry of '" + name + "'");
        }
        int uid = Integer.parseInt(fields[2]);
        if (uid == 0) {
            throw new IllegalStateException("'" + name + "' is root; children must run as an unprivileged user");
        }
        return new ChildUser(name, uid, Integer.parseInt(fields[3]));
    }
}
