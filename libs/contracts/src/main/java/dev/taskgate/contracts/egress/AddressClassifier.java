package dev.taskgate.contracts.egress;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Decides whether a resolved address may be reached by Taskgate on behalf of a caller or operator — a webhook
 * destination, an upstream MCP server — (SSRF guard): private, loopback, link-local, multicast,
 * unspecified, shared (CGNAT), benchmark, reserved and broadcast ranges are refused, in IPv4 and IPv6, including
 * IPv4 addresses embedded in IPv6 (mapped, compatible, NAT64, 6to4). The NAT64 local-use prefix {@code 64:ff9b:1::/48}
 * (RFC 8215) and Teredo {@code 2001::/32} (RFC 4380) are refused whole: where their IPv4 sits depends on the local
 * setup, so a public-looking one may still reach the internal network.
 */
public final class AddressClassifier {

    private AddressClassifier() {}

    /** Why the address is refused, or empty when it is a public unicast address. */
    public static Optional<String> refusal(InetAddress address) {
        if (address.isAnyLocalAddress()) {
            return Optional.of("unspecified address");
        }
        if (address.isLoopbackAddress()) {
            return Optional.of("loopback address");
        }
        if (address.isLinkLocalAddress()) {
            return Optional.of("link-local address");
        }
        if (address.isSiteLocalAddress()) {
            return Optional.of("private address");
        }
        if (address.isMulticastAddress()) {
            return Optional.of("multicast address");
        }
        if (address instanceof Inet4Address) {
            return ipv4(address.getAddress());
        }
        return ipv6((Inet6Address) address);
    }

    private static Optional<String> ipv4(byte[] a) {
        int b0 = a[0] & 0xff;
        int b1 = a[1] & 0xff;
        if (b0 == 0) {
            return Optional.of("unspecified address");
        }
        if (b0 == 100 && (b1 & 0xc0) == 64) {
            return Optional.of("shared (carrier-grade NAT) address");
        }
        if (b0 == 192 && b1 == 0 && (a[2] & 0xff) == 0) {
            return Optional.of("reserved address");
        }
        if (b0 == 198 && (b1 == 18 || b1 == 19)) {
            return Optional.of("benchmarking address");
        }
        if (b0 >= 240) {
            return Optional.of("reserved or broadcast address");
        }
        return Optional.empty();
    }

    private static Optional<String> ipv6(Inet6Address address) {
        byte[] a = address.getAddress();
        if ((a[0] & 0xfe) == 0xfc) {
            return Optional.of("private (unique local) address");
        }
        if ((a[0] & 0xff) == 0xfe && (a[1] & 0xc0) == 0xc0) {
            return Optional.of("private (site-local) address");
        }
        if (a[0] == 0
                && (a[1] & 0xff) == 0x64
                && (a[2] & 0xff) == 0xff
                && (a[3] & 0xff) == 0x9b
                && a[4] == 0
                && a[5] == 1) {
            return Optional.of("NAT64 local-use address");
        }
        if ((a[0] & 0xff) == 0x20 && a[1] == 0x01 && a[2] == 0 && a[3] == 0) {
            return Optional.of("Teredo address");
        }
        // ::a.b.c.d (compatible) and ::ffff:a.b.c.d (mapped; Java usually hands these out as IPv4 already)
        boolean zeroPrefix = true;
        for (int i = 0; i < 10; i++) {
            zeroPrefix &= a[i] == 0;
        }
        boolean mapped = zeroPrefix && (a[10] & 0xff) == 0xff && (a[11] & 0xff) == 0xff;
        boolean compatible = zeroPrefix && a[10] == 0 && a[11] == 0;
        // 64:ff9b::/96 (NAT64)
        boolean nat64 = a[0] == 0
                && (a[1] & 0xff) == 0x64
                && (a[2] & 0xff) == 0xff
                && (a[3] & 0xff) == 0x9b
                && a[4] == 0
                && a[5] == 0
                && a[6] == 0
                && a[7] == 0
                && a[8] == 0
                && a[9] == 0
                && a[10] == 0
                && a[11] == 0;
        if (mapped || compatible || nat64) {
            return embedded(a, 12);
        }
        // 2002::/16 (6to4) carries an IPv4 address in bytes 2-5
        if ((a[0] & 0xff) == 0x20 && (a[1] & 0xff) == 0x02) {
            return embedded(a, 2);
        }
        return Optional.empty();
    }

    private static Optional<String> embedded(byte[] a, int offset) {
        byte[] v4 = {a[offset], a[offset + 1], a[offset + 2], a[offset + 3]};
        try {
            return refusal(InetAddress.getByAddress(v4)).map(reason -> reason + " embedded in IPv6");
        } catch (UnknownHostException e) {
            throw new IllegalStateException("a 4-byte address is always valid", e);
        }
    }
}
