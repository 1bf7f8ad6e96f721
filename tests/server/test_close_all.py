"""The websocket fixture's teardown (tests/server/conftest.close_all) closes
every socket and fails as an ordinary exception, so pytest still runs the
rest of the test's teardown."""

import asyncio

import pytest

from tests.server.conftest import close_all


class FakeCommunicator:
    """A communicator whose disconnect raises ``error`` (None: closes)."""

    def __init__(self, error=None):
        self.error = error
        self.closed = False

    async def disconnect(self):
        self.closed = True
        if self.error is not None:
            raise self.error


@pytest.mark.parametrize("error", [asyncio.CancelledError(), TimeoutError(), RuntimeError("app crashed")])
async def test_every_socket_is_closed_and_the_failure_is_an_ordinary_exception(error):
    comms = [FakeCommunicator(), FakeCommunicator(error), FakeCommunicator()]
    with pytest.raises(RuntimeError) as info:
        await close_all(comms)
    assert all(comm.closed for comm in comms)
    assert info.value.__cause__ is error
    assert "1 of 3" in str(info.value)


async def test_sockets_that_close_raise_nothing():
    comms = [FakeCommunicator(), FakeCommunicator()]
    await close_all(comms)
    assert all(comm.closed for comm in comms)
