#!/usr/bin/env python3
"""Writes a large binary plist without holding it in memory:
{"students": [{"name": "student N", "age": N % 100, "scores": [N, N+1, N+2]}, ...]}

usage: make_big_bplist.py PATH RECORDS

Objects are written one after another and their offsets kept in a file-backed array, so a
1 GB file takes a few hundred MB of memory at most. Keys are shared objects, as CF writes them.
"""
import array, struct, sys

def main(path, records):
    offsets = array.array("Q")
    out = open(path, "wb")
    out.write(b"bplist00")
    pos = 8

    def emit(data):
        nonlocal pos
        offsets.append(pos)
        out.write(data)
        pos += len(data)
        return len(offsets) - 1

    def ascii(text):
        raw = text.encode("ascii")
        head = bytes([0x50 | len(raw)]) if len(raw) < 15 else bytes([0x5F, 0x10, len(raw)])
        return head + raw

    def integer(value):
        return b"\x13" + struct.pack(">q", value)

    # Total objects: 4 keys + per record (dict, name, age, 3 scores, array) = 7 per record, + root dict + array.
    total = 4 + 7 * records + 2
    ref = 4  # object reference size (total < 2^32)
    def refs(indices):
        return b"".join(struct.pack(">I", i) for i in indices)

    def counted(marker, count):
        if count < 15:
            return bytes([marker | count])
        return bytes([marker | 0x0F, 0x13]) + struct.pack(">q", count)

    k_students, k_name, k_age, k_scores = (emit(ascii(k)) for k in ("students", "name", "age", "scores"))
    record_indices = array.array("Q")
    for n in range(records):
        name = emit(ascii("student %d" % n))
        age = emit(integer(n % 100))
        s = [emit(integer(n + i)) for i in range(3)]
        scores = emit(counted(0xA0, 3) + refs(s))
        record_indices.append(emit(counted(0xD0, 3) + refs([k_name, k_age, k_scores]) + refs([name, age, scores])))
    students = emit(counted(0xA0, records) + refs(record_indices))
    root = emit(counted(0xD0, 1) + refs([k_students]) + refs([students]))
    assert len(offsets) == total, (len(offsets), total)
    table = pos
    for offset in offsets:
        out.write(struct.pack(">Q", offset))
    out.write(b"\x00" * 6 + bytes([8, ref]) + struct.pack(">QQQ", len(offsets), root, table))
    out.close()

if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
