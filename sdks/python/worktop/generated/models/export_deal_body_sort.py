from enum import StrEnum


class ExportDealBodySort(StrEnum):
    AMOUNT = "amount"
    CLOSE_DATE = "close_date"
    CREATED_AT = "created_at"
    ID = "id"
    NAME = "name"
    ORDER = "order"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_11 = "-close_date"
    VALUE_13 = "-updated_at"
    VALUE_3 = "-created_at"
    VALUE_5 = "-name"
    VALUE_7 = "-amount"
    VALUE_9 = "-order"

    def __str__(self) -> str:
        return str(self.value)
