import Foundation
import PlistStore
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct AppContainerTests {
    @Test func sandboxLayoutMatchesIOS() throws {
        try withTemporaryDirectory { directory in
            let root = directory + "/Containers/Data/Application/ABCD"
            let container = try AppContainer.sandbox(identifier: "com.example.Notes", root: root + "/")
            let expected: [ContainerDirectory: String] = [
                .documents: "Documents",
                .applicationSupport: "Library/Application Support",
                .caches: "Library/Caches",
                .preferences: "Library/Preferences",
                .temporary: "tmp",
            ]
            for (kind, relative) in expected {
                #expect(container.path(of: kind) == root + "/" + relative)
                #expect(!FileManager.default.fileExists(atPath: root + "/" + relative), "created before first use")
                #expect(try container.path(for: kind, create: false) == root + "/" + relative)
            }
            for kind in ContainerDirectory.allCases {
                let url = try container.url(for: kind)
                #expect(url.path == root + "/" + expected[kind]!)
                #expect(url.hasDirectoryPath)
                var isDirectory: ObjCBool = false
                #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue)
                #expect(mode(of: url.path) == 0o700, "\(kind) is not owner-only")
            }
            #expect(mode(of: root + "/Library") == 0o700)
            #expect(mode(of: root) == 0o700)
            #expect(try container.urls(for: .documents) == [try container.url(for: .documents)])
            #expect(try container.path(forFile: "student.plist", in: .documents) == root + "/Documents/student.plist")
        }
    }

    @Test func xdgLayoutFollowsTheEnvironment() throws {
        let base = XDGBaseDirectories(environment: [
            "HOME": "/home/ada",
            "XDG_DATA_HOME": "/data/",
            "XDG_CACHE_HOME": "/cache",
            "XDG_CONFIG_HOME": "/config",
            "TMPDIR": "/scratch",
        ])
        #expect(base == XDGBaseDirectories(dataHome: "/data", cacheHome: "/cache", configHome: "/config", temporaryDirectory: "/scratch"))
        let container = try AppContainer.xdg(identifier: "com.example.Notes", directories: base)
        #expect(container.path(of: .documents) == "/data/com.example.Notes/Documents")
        #expect(container.path(of: .applicationSupport) == "/data/com.example.Notes/Application Support")
        #expect(container.path(of: .caches) == "/cache/com.example.Notes")
        #expect(container.path(of: .preferences) == "/config/com.example.Notes")
        #expect(container.path(of: .temporary) == "/scratch/com.example.Notes-\(geteuid())")
    }

    @Test func xdgDefaultsApplyWhenUnsetEmptyOrRelative() {
        let base = XDGBaseDirectories(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "relative/config"])
        #expect(base.dataHome == "/home/ada/.local/share")
        #expect(base.cacheHome == "/home/ada/.cache")
        #expect(base.configHome == "/home/ada/.config")
        #expect(base.temporaryDirectory == "/tmp")
        let noHome = XDGBaseDirectories(environment: [:], home: "/var/lib/service")
        #expect(noHome.dataHome == "/var/lib/service/.local/share")
    }

    @Test func xdgDirectoriesAreCreatedOwnerOnly() throws {
        try withTemporaryDirectory { directory in
            let base = XDGBaseDirectories(environment: ["HOME": directory + "/home", "TMPDIR": directory + "/tmp"])
            let container = try AppContainer.xdg(identifier: "com.example.Notes", directories: base)
            for kind in ContainerDirectory.allCases {
                let path = try container.path(for: kind)
                #expect(FileManager.default.fileExists(atPath: path))
                #expect(mode(of: path) == 0o700)
            }
            #expect(mode(of: directory + "/home/.local/share") == 0o700)
            #expect(CacheDirectoryTag.isTagged(container.path(of: .caches)))
        }
    }

    @Test func sharedTemporaryFolderMustBePrivate() throws {
        try withTemporaryDirectory { directory in
            let base = XDGBaseDirectories(environment: ["HOME": directory, "TMPDIR": directory + "/tmp"])
            let container = try AppContainer.xdg(identifier: "com.example.Notes", directories: base)
            let path = container.path(of: .temporary)
            try FileManager.default.createDirectory(atPath: directory + "/tmp/elsewhere", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: directory + "/tmp/elsewhere")
            #expect { try container.path(for: .temporary) } throws: { ($0 as? PlistStoreError)?.code == .wrongFileType }
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            chmod(path, 0o777)
            #expect { try container.path(for: .temporary) } throws: { ($0 as? PlistStoreError)?.code == .permissionDenied }
            chmod(path, 0o700)
            #expect(try container.path(for: .temporary) == path)
        }
    }

    @Test func aFileWhereADirectoryBelongsIsReported() throws {
        try withTemporaryDirectory { directory in
            let container = try AppContainer.sandbox(identifier: "app", root: directory)
            _ = FileManager.default.createFile(atPath: directory + "/Documents", contents: Data())
            #expect { try container.url(for: .documents) } throws: { ($0 as? PlistStoreError)?.code == .wrongFileType }
        }
    }

    @Test(arguments: ["", ".", "..", "a/b", "nul\0byte"])
    func invalidIdentifiersAreRejected(identifier: String) {
        #expect { try AppContainer.sandbox(identifier: identifier, root: "/tmp/x") } throws: { ($0 as? PlistStoreError)?.code == .invalidArgument }
    }

    @Test func sandboxRootMustBeAbsolute() {
        #expect { try AppContainer.sandbox(identifier: "app", root: "relative") } throws: { ($0 as? PlistStoreError)?.code == .invalidArgument }
    }
}
